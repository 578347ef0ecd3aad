/**
 * The calculator keypad of /pay (docs/product.md "Sending and requesting money"): at most 10 characters, one decimal point,
 * division by zero gives 'Error', results rounded to 2 decimals, capped at 1,000,000 by default,
 * percent uses 4 decimals. Pure: press(state, key) -> next state. Arithmetic is exact decimal
 * (BigInt at 12 places, half-up rounding), never binary floating point: 0.1 + 0.2 = 0.3.
 */
export type Operator = '+' | '-' | '×' | '÷';
export type Key = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | Operator | '=' | '%' | 'C' | '⌫';

export interface KeypadState {
  /** What the display shows: the entry being typed, a result, or 'Error'. */
  display: string;
  /** Left operand waiting for the right one. */
  acc: string | null;
  op: Operator | null;
  /** The next digit starts a new entry (after an operator, '=' or '%'). */
  fresh: boolean;
}

export interface KeypadOptions {
  maxLength?: number;
  cap?: number;
}

export const MAX_LENGTH = 10;
export const DEFAULT_CAP = 1_000_000;
export const initialKeypad: KeypadState = { display: '0', acc: null, op: null, fresh: true };

const SCALE = 12;
const ONE = 10n ** BigInt(SCALE);

function toScaled(s: string): bigint {
  const neg = s.startsWith('-');
  const [i = '0', f = ''] = (neg ? s.slice(1) : s).split('.');
  const v = BigInt(i || '0') * ONE + BigInt((f + '0'.repeat(SCALE)).slice(0, SCALE) || '0');
  return neg ? -v : v;
}

/** Half-up rounding of a scaled value to `digits` places, as a trimmed decimal string ('12.5', '3'). */
function fromScaled(v: bigint, digits: number): string {
  const neg = v < 0n;
  let a = neg ? -v : v;
  const unit = 10n ** BigInt(SCALE - digits);
  a = ((a + unit / 2n) / unit) * unit;
  const int = a / ONE;
  let frac = (a % ONE).toString().padStart(SCALE, '0').slice(0, digits).replace(/0+$/, '');
  if (digits === 0) frac = '';
  const out = frac ? `${int}.${frac}` : `${int}`;
  return neg && a !== 0n ? `-${out}` : out;
}

function apply(a: string, op: Operator, b: string): bigint | null {
  const x = toScaled(a),
    y = toScaled(b);
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '×':
      return (x * y) / ONE;
    case '÷':
      return y === 0n ? null : (x * ONE) / y;
  }
}

function capped(v: bigint, cap: number): bigint {
  const c = BigInt(cap) * ONE;
  return v > c ? c : v < -c ? -c : v;
}

export function press(state: KeypadState, key: Key, options: KeypadOptions = {}): KeypadState {
  const maxLength = options.maxLength ?? MAX_LENGTH;
  const cap = options.cap ?? DEFAULT_CAP;
  const isError = state.display === 'Error';
  const result = (v: bigint | null, digits = 2): KeypadState =>
    v === null
      ? { display: 'Error', acc: null, op: null, fresh: true }
      : { display: fromScaled(capped(v, cap), digits), acc: null, op: null, fresh: true };

  if (key === 'C') return initialKeypad;
  if (key === '⌫') {
    if (isError || state.fresh)
      return { ...state, display: isError ? '0' : state.display, fresh: isError ? true : state.fresh };
    const d = state.display.slice(0, -1);
    return { ...state, display: d === '' || d === '-' ? '0' : d };
  }
  if (/^\d$/.test(key)) {
    if (isError || state.fresh)
      return { ...state, display: key, fresh: false, ...(isError ? { acc: null, op: null } : {}) };
    if (state.display.length >= maxLength) return state;
    const next = state.display === '0' ? key : state.display + key;
    if (toScaled(next) > BigInt(cap) * ONE) return { ...state, display: String(cap) };
    return { ...state, display: next };
  }
  if (key === '.') {
    if (isError || state.fresh)
      return { ...state, display: '0.', fresh: false, ...(isError ? { acc: null, op: null } : {}) };
    if (state.display.includes('.') || state.display.length >= maxLength) return state;
    return { ...state, display: `${state.display}.` };
  }
  if (isError) return key === '=' || key === '%' ? state : { ...initialKeypad };
  if (key === '%') return result(toScaled(state.display) / 100n, 4);
  if (key === '=') {
    if (state.acc === null || state.op === null)
      return { ...result(toScaled(state.display)), display: fromScaled(capped(toScaled(state.display), cap), 4) };
    return result(apply(state.acc, state.op, state.display));
  }
  // an operator: finish a pending operation first (1 + 2 + -> 3 +)
  if (state.acc !== null && state.op !== null && !state.fresh) {
    const v = apply(state.acc, state.op, state.display);
    if (v === null) return result(null);
    const shown = fromScaled(capped(v, cap), 2);
    return { display: shown, acc: shown, op: key as Operator, fresh: true };
  }
  return { ...state, acc: state.display, op: key as Operator, fresh: true };
}

/** The amount the keypad stands for, as a decimal string for the API; null when not a positive number. */
export function keypadAmount(state: KeypadState): string | null {
  if (state.display === 'Error' || !/^\d+(\.\d+)?\.?$/.test(state.display)) return null;
  const s = state.display.endsWith('.') ? state.display.slice(0, -1) : state.display;
  return toScaled(s) > 0n ? s : null;
}
