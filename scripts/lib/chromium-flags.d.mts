/** Types of chromium-flags.mjs for the TypeScript that imports it (shell/playwright.config.ts). */
export declare const CHROMIUM_ARGS: string[];
