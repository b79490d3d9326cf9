import pg from 'pg';
import { allProcesses, procStat } from './proc';

/** CPU milliseconds of `root` and every process under it (the cluster supervisor's workers). */
function treeCpuMs(root: number) {
  const all = allProcesses();
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const stat of all)
      if (!inTree.has(stat.pid) && inTree.has(stat.parent)) grew = inTree.add(stat.pid) !== null;
  }
  return all.filter((stat) => inTree.has(stat.pid)).reduce((sum, stat) => sum + stat.cpuMs, 0);
}

type Sample = { serverCpuMs: number; backends?: Map<number, number>; transactions?: number };

export type Usage = {
  /** Server CPU (the process and its workers) per answered request, in ms. */
  serverCpuMs: number;
  /** The run database's PostgreSQL backends' CPU per request, in ms; undefined on PGlite. */
  postgresCpuMs?: number;
  /** pg_stat_database xact_commit + xact_rollback per request; undefined on PGlite. */
  transactions?: number;
};

/**
 * Samples of the server's CPU and, on PostgreSQL, of the backends serving the run's own database
 * (found in pg_stat_activity, so other databases' work on a shared server is not counted) and of
 * its transaction count. The sampler's own connection is left out of the CPU, not of the count.
 */
export async function usageSampler(serverPid: number, databaseUrl: string | undefined) {
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await client?.connect();

  async function sample(): Promise<Sample> {
    const serverCpuMs = treeCpuMs(serverPid);
    if (!client) return { serverCpuMs };
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const backends = new Map(rows.map(({ pid }) => [pid, procStat(pid)?.cpuMs ?? 0]));
    // Backends report their counts at most once a second: a fresh read, not the cached snapshot.
    await client.query('select pg_stat_clear_snapshot()');
    const [stats] = (
      await client.query<{ n: string }>(
        'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
      )
    ).rows;
    return { serverCpuMs, backends, transactions: Number(stats!.n) };
  }

  return {
    sample,
    /** Usage per request between two samples. */
    perRequest(start: Sample, end: Sample, requests: number): Usage {
      const per = (n: number) => n / Math.max(1, requests);
      const usage: Usage = { serverCpuMs: per(end.serverCpuMs - start.serverCpuMs) };
      if (end.backends && start.backends) {
        // A backend that came during the window counts from zero.
        let cpu = 0;
        for (const [pid, ms] of end.backends) cpu += ms - (start.backends.get(pid) ?? 0);
        usage.postgresCpuMs = per(cpu);
        usage.transactions = per(end.transactions! - start.transactions!);
      }
      return usage;
    },
    close: async () => client?.end(),
  };
}
