// Settlement and return-window dates count business days (weekends skipped), as ACH does.

function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

/** The date `days` business days after `from` (0 = `from`, or the next business day on a weekend), as YYYY-MM-DD. */
export function addBusinessDays(from: Date, days: number): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (isWeekend(date)) date.setUTCDate(date.getUTCDate() + 1);
  for (let left = days; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend(date)) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}
