import rootPackage from '../../../../package.json' with { type: 'json' };

/**
 * The product's version, from the root package.json (esbuild inlines it into the bundle), so
 * health, the start banner and the changelog name one number.
 */
export const VERSION: string = rootPackage.version;
