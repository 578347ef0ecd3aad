import { startEarlyRequests } from '@portal/shared-ui/early';

// Built on its own (shell/rspack.config.mjs, "early") and inlined into index.html by the server
// (api/src/platform/http/shell-html.ts): the session refresh, the header's profile and the route's
// data start while the HTML is parsed, before any of the shell's code has downloaded.
startEarlyRequests(document, location.pathname);
