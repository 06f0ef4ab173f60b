import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

function signedIn() {
  setSession('tok', demoUser);
  return mockFetch((href) => {
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/me') return jsonResponse(200, { data: demoUser });
    if (url.pathname === '/api/notifications/unread-count') return jsonResponse(200, { data: { unread: 0 } });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

async function openChat(name: string) {
  renderApp('/chat');
  const contact = await screen.findByRole('button', { name: new RegExp(name) });
  fireEvent.click(contact);
  const log = screen.getByRole('log', { name: `Messages with ${name}` });
  const box = screen.getByRole('textbox', { name: `Message to ${name}` });
  return { log, box, send: screen.getByRole('button', { name: 'Send' }) };
}

const messages = (log: HTMLElement) =>
  within(log)
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '')
    .filter(Boolean);

afterEach(() => {
  vi.useRealTimers();
});

describe('Chat', { timeout: 20_000 }, () => {
  it("sends on Enter as 'me', and the contact answers 👍 after 600 ms", async () => {
    const fetchMock = signedIn();
    const { log, box } = await openChat('Angkor Packaging');
    expect(within(log).getByText('No messages yet. Say hello!')).toBeInTheDocument();
    expect(screen.getByText('A demo chat: messages stay in this browser tab and are not sent to anyone.')).toBeInTheDocument();
    const callsBefore = fetchMock.mock.calls.length;

    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'Do you have 12 oz lids in stock?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(messages(log)).toEqual(['meDo you have 12 oz lids in stock?']);
    expect(box).toHaveValue('');

    act(() => vi.advanceTimersByTime(599));
    expect(within(log).queryByText('👍')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(messages(log)).toEqual(['meDo you have 12 oz lids in stock?', 'Angkor Packaging👍']);
    expect(fetchMock.mock.calls.slice(callsBefore).map(([input]) => String(input))).not.toContainEqual(expect.stringContaining('chat'));
  });

  it('Shift+Enter starts a new line instead of sending', async () => {
    signedIn();
    const user = userEvent.setup();
    const { log, box } = await openChat('Angkor Packaging');
    await user.type(box, 'Two boxes{Shift>}{Enter}{/Shift}by Friday');
    expect(box).toHaveValue('Two boxes\nby Friday');
    expect(messages(log)).toEqual(['No messages yet. Say hello!']);
    await user.keyboard('{Enter}');
    expect(within(log).getByText('me')).toBeInTheDocument();
    expect(within(log).getByText(/Two boxes\s+by Friday/)).toBeInTheDocument();
  });

  it('keeps Send disabled and Enter silent while the message is blank', async () => {
    signedIn();
    const user = userEvent.setup();
    const { log, box, send } = await openChat('Bopha Lim');
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(messages(log)).toEqual(['Bopha LimThe receipt printer is nearly out of paper rolls.']);
    await user.type(box, 'On my way');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(messages(log).at(-1)).toBe('meOn my way');
  });

  it("'Find a dm' and the Unread checkbox filter the contacts and count in the filter badge", async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/chat');
    const search = await screen.findByRole('searchbox', { name: 'Find a dm' });
    expect(screen.getByRole('heading', { name: 'Starred' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByText('Filters: 0')).toBeInTheDocument();

    await user.type(search, 'dairy');
    expect(screen.getByRole('button', { name: /Kampot Fresh Dairy/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dara Pich/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Starred' })).not.toBeInTheDocument();
    expect(screen.getByText('Filters: 1')).toBeInTheDocument();

    await user.clear(search);
    await user.click(screen.getByRole('checkbox', { name: 'Unread' }));
    const shown = screen.getAllByRole('button', { name: /unread/ }).map((button) => button.textContent);
    expect(shown).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Mekong Roasters.*2 unread/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Dara Pich.*1 unread/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Bopha Lim/ })).not.toBeInTheDocument();

    await user.type(search, 'zzz');
    expect(screen.getByText('Filters: 2')).toBeInTheDocument();
    expect(screen.getByText('No conversations match.')).toBeInTheDocument();
  });

  it('opening a conversation reads it, so it leaves the Unread filter', async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/chat');
    await user.click(await screen.findByRole('checkbox', { name: 'Unread' }));
    await user.click(screen.getByRole('button', { name: /Dara Pich.*1 unread/ }));
    expect(screen.getByRole('log', { name: 'Messages with Dara Pich' })).toHaveTextContent('We are almost out of oat milk.');
    expect(screen.queryByRole('button', { name: /Dara Pich/ })).not.toBeInTheDocument();
  });
});
