/**
 * Is a canary worse than the current release beyond noise? (docs/decisions.md "Canary releases").
 * Rates are compared by the lower bound of the 95 % confidence interval of their difference
 * (Newcombe's method from two Wilson score intervals): with few sessions the bound is far below the
 * observed difference, so a handful of unlucky sessions never rolls back a release, and a release
 * that fails nearly every session is caught after a few.
 */
const Z = 1.96;

/** Wilson score interval of x successes in n trials (n = 0: nothing known, [0, 1]). */
export function wilson(x: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const p = x / n;
  const centre = p + (Z * Z) / (2 * n);
  const spread = Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n));
  const denominator = 1 + (Z * Z) / n;
  return [Math.max(0, (centre - spread) / denominator), Math.min(1, (centre + spread) / denominator)];
}

/** Lower bound of rate(a) - rate(b) (Newcombe hybrid score interval). */
export function differenceLowerBound(a: { x: number; n: number }, b: { x: number; n: number }): number {
  const pa = a.n ? a.x / a.n : 0;
  const pb = b.n ? b.x / b.n : 0;
  const [loA] = wilson(a.x, a.n);
  const [, hiB] = wilson(b.x, b.n);
  return pa - pb - Math.sqrt((pa - loA) ** 2 + (hiB - pb) ** 2);
}

export interface SideCounts {
  sessions: number;
  error_sessions: number;
  load_failures: number;
}
export interface Rule {
  enabled: boolean;
  min_sessions: number;
  error_rate_margin: number;
  load_failure_margin: number;
}
export type Verdict = 'too_few_sessions' | 'worse' | 'no_worse';

const errorRate = (s: SideCounts) => ({ x: s.error_sessions, n: s.sessions });
// a failed load never became a session: attempts are sessions plus failures
const loadFailureRate = (s: SideCounts) => ({ x: s.load_failures, n: s.sessions + s.load_failures });

export interface Judgement {
  verdict: Verdict;
  /** lower bounds of canary minus current, as fractions */
  error_rate_excess: number;
  load_failure_excess: number;
  /** what made it worse, in the Releases page's words */
  reasons: string[];
}

const percent = (f: number) => `${(Math.round(f * 1000) / 10).toString()} %`;

export function judge(canary: SideCounts, current: SideCounts, rule: Rule): Judgement {
  const error = differenceLowerBound(errorRate(canary), errorRate(current));
  const load = differenceLowerBound(loadFailureRate(canary), loadFailureRate(current));
  const figures = { error_rate_excess: round(error), load_failure_excess: round(load) };
  if (canary.sessions + canary.load_failures < rule.min_sessions)
    return { verdict: 'too_few_sessions', ...figures, reasons: [] };
  const reasons = [
    ...(error > rule.error_rate_margin
      ? [
          `Error rate at least ${percent(error)} above the current release's (margin ${percent(rule.error_rate_margin)})`,
        ]
      : []),
    ...(load > rule.load_failure_margin
      ? [
          `Load failures at least ${percent(load)} above the current release's (margin ${percent(rule.load_failure_margin)})`,
        ]
      : []),
  ];
  return { verdict: reasons.length ? 'worse' : 'no_worse', ...figures, reasons };
}

const round = (f: number) => Math.round(f * 10000) / 10000;
