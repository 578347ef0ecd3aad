/** The countries the API accepts (GET /api/kyc/countries), named in the browser's language and sorted by name. */
export function countryOptions(codes: readonly string[]): { code: string; name: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(undefined, { type: 'region' });
  } catch {
    /* old browser: codes only */
  }
  return codes.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}
