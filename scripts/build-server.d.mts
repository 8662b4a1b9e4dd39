/** Builds the server bundle into `outdir` (inside the project), with the migrations beside it. */
export function buildServer(outdir: string): Promise<void>;
