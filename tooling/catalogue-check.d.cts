// Types of catalogue-check.cjs for the packages' TypeScript tests.
export declare const LANGUAGES: readonly string[];
export declare function catalogueProblems(
  packageName: string,
  options?: { builtAtRunTime?: Array<string | RegExp>; root?: string },
): string[];
