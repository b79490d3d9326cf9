import { unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Member } from './factories';

/** The files of a zip the server answered, by name. */
export function filesOfZip(response: LightMyRequestResponse) {
  return unzipSync(new Uint8Array(response.rawPayload));
}

/** A JSON file of an archive, parsed. */
export function jsonIn(files: Record<string, Uint8Array>, name: string): unknown {
  const file = files[name];
  if (!file) throw new Error(`no ${name} in the archive: ${Object.keys(files).join(', ')}`);
  return JSON.parse(new TextDecoder().decode(file));
}

/** Asks for the member's archive, which the job makes before the request's answer is read. */
export async function exportOf(member: Pick<Member, 'client'>) {
  expect((await member.client.post('/me/export')).statusCode).toBe(202);
  const download = await member.client.get('/me/export/download');
  expect(download.statusCode, download.body).toBe(200);
  return filesOfZip(download);
}
