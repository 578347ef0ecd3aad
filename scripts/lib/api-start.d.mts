/** api/: where the API process runs. */
export declare const apiDir: string;
/** Node arguments that start the API in apiDir (api/package.json "start"). */
export declare const apiStartArgs: string[];
