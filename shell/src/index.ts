import { startEarlyRequests } from '@portal/shared-ui/early';

// Before anything else: the session refresh and, with its token, what the page will show first
// (shared-ui session/early.ts), in parallel with the download of the shell's code.
performance.mark('shell:start');
startEarlyRequests(document, location.pathname);
// The async boundary lets Module Federation negotiate shared modules before any of them runs.
void import('./bootstrap');
