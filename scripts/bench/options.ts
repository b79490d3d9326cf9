/** How big a run is: `--quick` for CI, the full run by default, `BENCH_LARGE=1` for 1,000,000 posts. */
export type BenchOptions = {
  quick: boolean;
  /** Length of each autocannon measurement. */
  seconds: number;
  /** Also seed 1,000,000 posts on PostgreSQL and measure the feed there (npm run bench). */
  large: boolean;
  /** The server on which scratch databases are made; without it only PGlite is measured. */
  postgresUrl: string | undefined;
  /** Shared by two server processes; without it the two-process rows that need it are skipped. */
  redisUrl: string | undefined;
};

export function benchOptions(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): BenchOptions {
  const unknown = argv.filter((arg) => arg !== '--quick');
  if (unknown.length > 0) throw new Error(`unknown option(s): ${unknown.join(' ')} (only --quick)`);
  const quick = argv.includes('--quick');
  return {
    quick,
    seconds: quick ? 3 : 10,
    large: env.BENCH_LARGE === '1',
    postgresUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
  };
}

/** A bench's entry point: a bad option or an error ends the process with 1, as a failed check does. */
export function runBench(main: (options: BenchOptions) => Promise<boolean>) {
  let options: BenchOptions;
  try {
    options = benchOptions();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  main(options).then(
    (passed) => process.exit(passed ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
