declare const __REMOTE_VERSION__: string;
declare const __BUILD_MARKER__: string;
