// Chromium's switches for every tool that drives Debian's Chromium (e2e, benches, Lighthouse).
//
// The WebUI omnibox popup: Chromium 156 builds the address bar's popup (chrome://omnibox-popup, the
// "AI mode" composebox) as a WebUI page for every new window, about 400 chrome:// scripts in other
// renderers, right while the page under test loads. On 2 cores that took the CPU our page needed:
// navigation -> mfe-wallet mounted 402 ms (303-548) with it, 287 ms (252-321) without, 15 cold
// visits each of the same build (docs/decisions.md "The signed-in loading path"). A person's browser
// builds it once per window, not once per page, so the benches and tests leave it out.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];
