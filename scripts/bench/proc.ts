import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;

type ProcStat = { pid: number; parent: number; cpuMs: number };

/** A process's parent and utime + stime from /proc/<pid>/stat; null once it is gone. */
export function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { pid, parent: Number(fields[1]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

/** Every process of the machine, as /proc shows it now. */
export const allProcesses = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((stat) => stat !== null);
