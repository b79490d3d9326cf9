import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES, SHELL_MESSAGES, type Session } from '@devplay/shared';
import { formatDateTime } from '../../../lib/format-date-time';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { END_OTHERS, endOne, LIST, makeDevices, serveDevices } from '../device-fixtures';
import { DevicesCard } from './devices-card';

const fetchMock = stubFetch({ signedIn: true });
const WORK_PC = 'Firefox 133 on Windows 10';
let devices: ReturnType<typeof makeDevices>;
let server: { sessions: Session[] };

beforeEach(() => {
  devices = makeDevices();
  const { phone, laptop, workPc } = devices;
  server = serveDevices(fetchMock, [phone, laptop, workPc]);
});

const row = (name: string) => screen.getByRole('listitem', { name });

/** The card drawn, and its question about `opener`'s device asked: the dialog is open. */
async function ask(opener: string, question: string) {
  const user = userEvent.setup();
  renderWithApp(<DevicesCard />);
  await user.click(await screen.findByRole('button', { name: opener }));
  const dialog = screen.getByRole('dialog', { name: question });
  const confirm = () => user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
  return { user, dialog, confirm };
}

describe('the Signed-in devices card', () => {
  it('lists each device, this one first and marked, with no way to sign it out here', async () => {
    renderWithApp(<DevicesCard />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });

    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAccessibleName('Chrome 131 on Linux');
    expect(items[1]).toHaveAccessibleName('Safari 17 on iOS 17.5');
    expect(items[2]).toHaveAccessibleName(WORK_PC);

    const here = row('Chrome 131 on Linux');
    expect(within(here).getByText('This device')).toBeVisible();
    expect(within(here).queryByRole('button')).toBeNull();
    expect(here).toHaveTextContent(
      `Signed in ${formatDateTime(devices.laptop.createdAt)} · Last active 2 hours ago`,
    );
    expect(here).toHaveTextContent('IP address 203.0.113.x');
    expect(row('Safari 17 on iOS 17.5')).toHaveTextContent('Last active 5 minutes ago');
    expect(row(WORK_PC)).toHaveTextContent(
      `Last active ${formatDateTime(devices.workPc.lastSeenAt)}`,
    );
    expect(within(row(WORK_PC)).queryByText('This device')).toBeNull();
    expect(within(row(WORK_PC)).getByRole('button', { name: `Sign out ${WORK_PC}` })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out of all other devices' })).toBeVisible();
  });

  it('signs another device out after a question, and reads the list again', async () => {
    const { confirm } = await ask(`Sign out ${WORK_PC}`, `Sign out ${WORK_PC}?`);
    expect(requestsTo(fetchMock, endOne(devices.workPc))).toHaveLength(0);
    await confirm();

    expect(await screen.findByText(SESSION_MESSAGES.ended)).toBeVisible();
    expect(requestsTo(fetchMock, endOne(devices.workPc))).toHaveLength(1);
    expect(requestsTo(fetchMock, LIST)).toHaveLength(2);
    expect(screen.queryByRole('listitem', { name: WORK_PC })).toBeNull();
    expect(row('Safari 17 on iOS 17.5')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Signed-in devices' })).toHaveFocus();
  });

  it('sends nothing when the question is cancelled', async () => {
    const { user, dialog } = await ask(`Sign out ${WORK_PC}`, `Sign out ${WORK_PC}?`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(fetchMock, endOne(devices.workPc))).toHaveLength(0);
    expect(row(WORK_PC)).toBeVisible();
  });

  it('signs out of every other device at once, keeping this one', async () => {
    const { confirm } = await ask(
      'Sign out of all other devices',
      'Sign out of all other devices?',
    );
    await confirm();

    expect(await screen.findByText(SESSION_MESSAGES.othersEnded)).toBeVisible();
    expect(requestsTo(fetchMock, END_OTHERS)).toHaveLength(1);
    const list = screen.getByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getAllByRole('listitem')).toEqual([row('Chrome 131 on Linux')]);
    expect(screen.getByText('No other device is signed in.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out of all other devices' })).toBeNull();
  });

  it('says when a device was signed out already, and drops it from the list', async () => {
    const { confirm } = await ask(`Sign out ${WORK_PC}`, `Sign out ${WORK_PC}?`);
    // Ended from another browser while this one showed it.
    server.sessions = server.sessions.filter((session) => session !== devices.workPc);
    await confirm();

    expect(await screen.findByText(SESSION_MESSAGES.notFound)).toBeVisible();
    expect(requestsTo(fetchMock, endOne(devices.workPc))).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('listitem', { name: WORK_PC })).toBeNull();
  });

  it('keeps the question open with the reason when the sign-out fails', async () => {
    const { confirm, dialog } = await ask(`Sign out ${WORK_PC}`, `Sign out ${WORK_PC}?`);
    routeFetch(fetchMock, {
      [LIST]: () => jsonResponse({ body: server.sessions }),
      [endOne(devices.workPc)]: () => jsonResponse({ status: 500, body: {} }),
    });
    await confirm();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SHELL_MESSAGES.serverError);
    expect(row(WORK_PC)).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it on retry', async () => {
    let fail = true;
    routeFetch(fetchMock, {
      [LIST]: () =>
        fail ? jsonResponse({ status: 500, body: {} }) : jsonResponse({ body: server.sessions }),
    });
    const user = userEvent.setup();
    renderWithApp(<DevicesCard />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your devices could not be loaded.');
    expect(screen.queryByRole('list')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('listitem', { name: WORK_PC })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
