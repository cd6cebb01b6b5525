import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { SessionProvider } from '../../lib/session/SessionProvider';
import { member, mockApi, never, sessionRoutes, storeSignedIn, type Route as ApiRoute } from '../../test/auth';
import { jsonResponse } from '../../test/fetchMock';
import { localeText } from '../../test/locales';
import { renderWithProviders } from '../../test/render';
import { ChatLauncher } from './ChatLauncher';

const HYBRID = 'POST /ai/ask-hybrid';
const RAG = 'POST /ai/ask-with-rag';
const PLAIN = 'POST /ai/ask';
const FEEDBACK = 'POST /ai/feedback';

/** A plain answer as the server sends it. */
const answer = (fields: Record<string, unknown> = {}) => ({
  id: 'answer-1',
  answer: 'Sew the ribbons where the shoe bends at your arch.',
  hybrid_mode: true,
  rag_enabled: true,
  rag_type: 'hybrid',
  provider: 'basic',
  model: 'basic',
  sources: [],
  suggestions: [],
  cached: false,
  ...fields,
});

const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const eventStreamHeaders = { 'Content-Type': 'text/event-stream' };

/** A streamed answer sent all at once. */
const streamed = (...events: [string, unknown][]) => new Response(events.map(([event, data]) => sseEvent(event, data)).join(''), { headers: eventStreamHeaders });

/** A streamed answer the test sends event by event. */
function liveStream() {
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
  return {
    response: new Response(body, { headers: eventStreamHeaders }),
    send: async (event: string, data: unknown) => {
      await act(async () => {
        stream.enqueue(new TextEncoder().encode(sseEvent(event, data)));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}

const serverError = () => jsonResponse({ error: 'Internal server error', code: 'internal_error' }, 500);

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="location">{pathname + hash}</p>;
}

function renderChat(routes: Record<string, ApiRoute> = {}) {
  const api = mockApi(routes);
  const user = userEvent.setup();
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <ChatLauncher />
    </SessionProvider>,
  );
  return { api, user };
}

const launcher = () => screen.getByRole('button', { name: localeText('en', 'chat.button') });
const input = () => screen.getByRole('textbox', { name: localeText('en', 'chat.inputLabel') });
const sendButton = () => screen.getByRole('button', { name: localeText('en', 'chat.send') });
const bubbles = () => within(screen.getByRole('log')).queryAllByTestId('chat-message');
const lastBubble = () => bubbles().at(-1)!;
const suggestions = () => screen.queryByRole('group', { name: localeText('en', 'chat.suggestionsLabel') });
const typing = () => screen.queryByRole('status', { name: localeText('en', 'chat.typing') });
const askedPaths = (api: ReturnType<typeof mockApi>) => api.calls.map((call) => `${call.method} ${call.path}`);

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(launcher());
  return screen.findByRole('dialog', { name: localeText('en', 'chat.title') });
}

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(input(), question);
  await user.keyboard('{Enter}');
}

describe('the chat widget', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('opens on one welcome message with the focus in the question box', async () => {
    const { user, api } = renderChat();
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openChat(user);
    expect(dialog).toHaveAttribute('aria-modal', 'false');
    expect(launcher()).toHaveAttribute('aria-expanded', 'true');
    expect(launcher()).toHaveAttribute('aria-controls', dialog.id);
    expect(screen.getByRole('log')).toHaveAttribute('aria-live', 'polite');
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]).toHaveTextContent(localeText('en', 'chat.welcome'));
    expect(bubbles()[0]).toHaveAttribute('data-sender', 'ai');
    expect(input()).toHaveFocus();
    expect(input()).toHaveAttribute('maxLength', '500');
    expect(api.calls).toEqual([]);
  });

  it('offers the suggested questions while only the welcome is there; one fills the box without sending', async () => {
    const { user, api } = renderChat({ [HYBRID]: answer() });
    await openChat(user);
    const offered = within(suggestions()!).getAllByRole('button');
    expect(offered.map((button) => button.textContent)).toEqual(['beginners', 'difference', 'durability', 'sizing'].map((key) => localeText('en', `chat.suggestions.${key}`)));
    await user.click(within(suggestions()!).getByRole('button', { name: localeText('en', 'chat.suggestions.sizing') }));
    expect(input()).toHaveValue(localeText('en', 'chat.suggestions.sizing'));
    expect(input()).toHaveFocus();
    expect(api.calls).toEqual([]);
    expect(bubbles()).toHaveLength(1);

    await user.keyboard('{Enter}');
    expect(suggestions()).not.toBeInTheDocument();
    expect(await screen.findByText(answer().answer)).toBeInTheDocument();
    expect(suggestions()).not.toBeInTheDocument();
  });

  it('does not send an empty or blank question', async () => {
    const { user, api } = renderChat();
    await openChat(user);
    await user.keyboard('{Enter}');
    await ask(user, '   ');
    expect(sendButton()).toBeDisabled();
    fireEvent.submit(input().closest('form')!);
    expect(api.calls).toEqual([]);
    expect(bubbles()).toHaveLength(1);
  });

  it('starts a new line on Shift+Enter and sends on Enter', async () => {
    const { user, api } = renderChat({ [HYBRID]: answer() });
    await openChat(user);
    await user.type(input(), 'How do I sew{Shift>}{Enter}{/Shift}ribbons?');
    expect(input()).toHaveValue('How do I sew\nribbons?');
    expect(api.calls).toEqual([]);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(answer().answer)).toBeInTheDocument();
    expect(api.callsTo(HYBRID).map((call) => call.body)).toEqual([{ question: 'How do I sew\nribbons?', language: 'en', includesSources: true }]);
    expect(bubbles().map((bubble) => bubble.dataset.sender)).toEqual(['ai', 'user', 'ai']);
    expect(bubbles()[1]).toHaveTextContent('How do I sew ribbons?');
    expect(input()).toHaveValue('');
  });

  it('sends with the send button too, asking for a stream with JSON and the stored token', async () => {
    const token = storeSignedIn();
    const { user, api } = renderChat({ ...sessionRoutes(member), 'GET /fit-profile': { profile: null, updatedAt: null }, [HYBRID]: answer() });
    await openChat(user);
    await user.type(input(), 'Which shank suits me?');
    await user.click(sendButton());
    expect(await screen.findByText(answer().answer)).toBeInTheDocument();
    const [, init] = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/ai/ask-hybrid'))!;
    expect(init.headers).toMatchObject({ Accept: 'text/event-stream', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` });
    expect(api.callsTo(HYBRID)[0]!.bearer).toBe(token);
  });

  it('waits with the box and button disabled and a typing indicator, and sends nothing more meanwhile', async () => {
    const { user, api } = renderChat({ [HYBRID]: never });
    await openChat(user);
    await user.type(input(), 'Is my box too wide?');
    // Two presses before the disabled box is drawn: the second must not send again.
    void act(() => {
      fireEvent.keyDown(input(), { key: 'Enter' });
      fireEvent.keyDown(input(), { key: 'Enter' });
    });
    expect(typing()).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
    expect(api.calls).toHaveLength(1);
    expect(bubbles().filter((bubble) => bubble.dataset.sender === 'user')).toHaveLength(1);
  });

  it('shows the answer as it streams, starts over on `start`, and puts the final answer in its place', async () => {
    const stream = liveStream();
    const { user } = renderChat({ [HYBRID]: stream.response });
    await openChat(user);
    await ask(user, 'How long do pointe shoes last?');
    expect(typing()).toBeInTheDocument();
    await stream.send('start', { provider: 'gateway', model: 'smollm2' });
    await stream.send('delta', { text: 'Half-finished' });
    expect(lastBubble()).toHaveTextContent('Half-finished');
    await stream.send('start', { provider: 'basic', model: 'basic' });
    await stream.send('delta', { text: 'A pair lasts' });
    await stream.send('delta', { text: ' a few weeks' });
    expect(lastBubble()).toHaveTextContent('A pair lasts a few weeks');
    expect(lastBubble()).not.toHaveTextContent('Half-finished');
    expect(typing()).not.toBeInTheDocument();
    expect(input()).toBeDisabled();

    await stream.send('done', answer({ answer: 'A pair lasts a few weeks to a few months.' }));
    expect(lastBubble()).toHaveTextContent('A pair lasts a few weeks to a few months.');
    expect(bubbles()).toHaveLength(3);
    expect(input()).toBeEnabled();
    expect(input()).toHaveFocus();
  });

  it('falls back to ask-with-rag when ask-hybrid answers 500, then to ask', async () => {
    const { user, api } = renderChat({ [HYBRID]: serverError, [RAG]: () => streamed(['start', {}], ['delta', { text: 'partial' }]), [PLAIN]: () => streamed(['done', answer({ answer: 'From ask.' })]) });
    await openChat(user);
    await ask(user, 'What is a vamp?');
    expect(await screen.findByText('From ask.')).toBeInTheDocument();
    expect(askedPaths(api)).toEqual([HYBRID, RAG, PLAIN]);
    expect(api.callsTo(RAG)[0]!.body).toEqual({ question: 'What is a vamp?', language: 'en' });
    expect(api.callsTo(PLAIN)[0]!.body).toEqual({ question: 'What is a vamp?', language: 'en' });
    expect(screen.queryByText('partial')).not.toBeInTheDocument();
  });

  it('takes ask-with-rag\'s answer after ask-hybrid fails, and an `error` event as a failure', async () => {
    const { user, api } = renderChat({ [HYBRID]: () => streamed(['error', { error: 'Internal server error', code: 'internal_error' }]), [RAG]: () => streamed(['done', answer({ answer: 'From ask-with-rag.' })]) });
    await openChat(user);
    await ask(user, 'What is a vamp?');
    expect(await screen.findByText('From ask-with-rag.')).toBeInTheDocument();
    expect(askedPaths(api)).toEqual([HYBRID, RAG]);
  });

  it('says it could not answer when all three calls fail', async () => {
    const { user, api } = renderChat({ [HYBRID]: serverError, [RAG]: serverError, [PLAIN]: serverError });
    await openChat(user);
    await ask(user, 'What is a vamp?');
    expect(await screen.findByText("Sorry, I couldn't understand. Please try again.")).toBeInTheDocument();
    expect(askedPaths(api)).toEqual([HYBRID, RAG, PLAIN]);
    expect(lastBubble()).toHaveAttribute('data-sender', 'ai');
    expect(within(lastBubble()).queryByRole('button')).not.toBeInTheDocument();
    expect(input()).toBeEnabled();
  });

  it('says it could not answer when no answer comes (offline)', async () => {
    const { user, api } = renderChat();
    api.fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await openChat(user);
    await ask(user, 'What is a vamp?');
    expect(await screen.findByText(localeText('en', 'chat.error'))).toBeInTheDocument();
    expect(api.fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shows the wait when the questions are rate-limited', async () => {
    const limited = () => jsonResponse({ error: 'Too many attempts. Please wait and try again.', code: 'rate_limited', retryAfter: 42 }, 429);
    const { user } = renderChat({ [HYBRID]: limited, [RAG]: limited, [PLAIN]: limited });
    await openChat(user);
    await ask(user, 'What is a vamp?');
    expect(await screen.findByText(localeText('en', 'messages.rateLimited', { seconds: 42 }))).toBeInTheDocument();
  });

  it('says the assistant is busy, without asking the other calls, when the hourly ceiling of the whole site is reached', async () => {
    const busy = () =>
      jsonResponse({ error: 'The assistant is busy right now. Please try again in a few minutes.', code: 'assistant_busy', retryAfter: 1200 }, 503);
    const { user, api } = renderChat({ [HYBRID]: busy });
    await openChat(user);
    await ask(user, 'What is a vamp?');
    expect(await screen.findByText(localeText('en', 'messages.assistantBusy'))).toBeInTheDocument();
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads a plain JSON answer from a server that does not stream', async () => {
    const { user } = renderChat({ [HYBRID]: () => jsonResponse(answer({ answer: 'Not streamed.' })) });
    await openChat(user);
    await ask(user, 'What is a vamp?');
    expect(await screen.findByText('Not streamed.')).toBeInTheDocument();
  });

  it('links the sources: site pages in the app, products at their maker in a new tab', async () => {
    const sources = [
      { kind: 'post', id: 'post:sewing-ribbons-and-elastics', title: 'Sewing ribbons and elastics', link: '/blog/sewing-ribbons-and-elastics' },
      { kind: 'brand', id: 'brand:bloch', title: 'Bloch', link: '/brand/bloch' },
      { kind: 'tips', id: 'tips:care', title: 'Care', link: '/tips#tips-care' },
      { kind: 'product', id: 'product:bloch-heritage', title: 'Bloch Heritage', link: 'https://www.blochworld.com/heritage' },
    ];
    const { user } = renderChat({ [HYBRID]: () => streamed(['done', answer({ sources })]) });
    await openChat(user);
    await ask(user, 'How do I sew ribbons?');
    await screen.findByText(answer().answer);
    const link = (kind: string, title: string) => within(lastBubble()).getByRole('link', { name: new RegExp(`^${localeText('en', `chat.sourceKinds.${kind}`)}: ${title}`) });
    expect(link('post', 'Sewing ribbons and elastics')).toHaveAttribute('href', '/blog/sewing-ribbons-and-elastics');
    expect(link('brand', 'Bloch')).toHaveAttribute('href', '/brand/bloch');
    expect(link('tips', 'Care')).toHaveAttribute('href', '/tips#tips-care');
    const product = link('product', 'Bloch Heritage');
    expect(product).toHaveAttribute('href', 'https://www.blochworld.com/heritage');
    expect(product).toHaveAttribute('target', '_blank');
    expect(product).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link('post', 'Sewing ribbons and elastics')).not.toHaveAttribute('target');

    await user.click(link('post', 'Sewing ribbons and elastics'));
    expect(screen.getByTestId('location')).toHaveTextContent('/blog/sewing-ribbons-and-elastics');
    await user.click(link('tips', 'Care'));
    expect(screen.getByTestId('location')).toHaveTextContent('/tips#tips-care');
  });

  it('offers the suggestions an answer names; choosing one fills the box', async () => {
    const { user, api } = renderChat({ [HYBRID]: answer({ answer: 'I found nothing about that.', suggestions: ['beginners', 'unknown', 'sizing'] }) });
    await openChat(user);
    await ask(user, 'Tell me about tutus');
    await screen.findByText('I found nothing about that.');
    const offered = within(lastBubble()).getAllByRole('button', { name: /\?$/ });
    expect(offered.map((button) => button.textContent)).toEqual([localeText('en', 'chat.suggestions.beginners'), localeText('en', 'chat.suggestions.sizing')]);
    await user.click(offered[0]!);
    expect(input()).toHaveValue(localeText('en', 'chat.suggestions.beginners'));
    expect(api.calls).toHaveLength(1);
  });

  it('sends the rating of an answer; the chosen thumb stays pressed and is taken back when the server refuses it', async () => {
    const { user, api } = renderChat({ [HYBRID]: answer(), [FEEDBACK]: () => new Response(null, { status: 204 }) });
    await openChat(user);
    expect(within(bubbles()[0]!).queryByRole('button', { name: localeText('en', 'chat.helpful') })).not.toBeInTheDocument();
    await ask(user, 'How do I sew ribbons?');
    await screen.findByText(answer().answer);
    const up = within(lastBubble()).getByRole('button', { name: localeText('en', 'chat.helpful') });
    const down = within(lastBubble()).getByRole('button', { name: localeText('en', 'chat.notHelpful') });
    expect(up).toHaveAttribute('aria-pressed', 'false');
    await user.click(up);
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(down).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo(FEEDBACK).map((call) => call.body)).toEqual([{ id: 'answer-1', rating: 'up' }]);

    api.set(FEEDBACK, jsonResponse({ error: 'Answer not found', code: 'answer_not_found' }, 404));
    await user.click(down);
    expect(api.callsTo(FEEDBACK).at(-1)!.body).toEqual({ id: 'answer-1', rating: 'down' });
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'true'));
    expect(down).toHaveAttribute('aria-pressed', 'false');
  });

  it('starts over on one welcome message in the new language when the language changes', async () => {
    const { user, api } = renderChat({ [HYBRID]: answer(), [RAG]: never });
    await openChat(user);
    await ask(user, 'How do I sew ribbons?');
    await screen.findByText(answer().answer);
    api.set(HYBRID, never);
    await ask(user, 'And elastics?');
    expect(input()).toBeDisabled();

    await act(async () => void (await i18n.changeLanguage('ru')));
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]).toHaveTextContent(localeText('ru', 'chat.welcome'));
    expect(screen.getByRole('group', { name: localeText('ru', 'chat.suggestionsLabel') })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: localeText('ru', 'chat.inputLabel') })).toBeEnabled();
    // The question that was waiting is called off.
    expect(api.fetchMock.mock.calls.at(-1)![1].signal!.aborted).toBe(true);
  });

  it('closes on Escape and with the close button, giving the focus back to the button, and calls off a pending question', async () => {
    const { user, api } = renderChat({ [HYBRID]: never });
    await openChat(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');

    await openChat(user);
    await ask(user, 'What is a vamp?');
    await user.click(screen.getByRole('button', { name: localeText('en', 'chat.close') }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();
    expect(api.fetchMock.mock.calls[0]![1].signal!.aborted).toBe(true);

    // Opening again starts over.
    await openChat(user);
    expect(bubbles()).toHaveLength(1);
  });
  it("reads the dancer's fit profile only with her leave, and sends it with her questions then", async () => {
    const profile = { left: { toeShape: 'egyptian', arch: 'hypermobile' } };
    localStorage.setItem('fit-profile', JSON.stringify(profile));
    const { user, api } = renderChat({ [HYBRID]: answer() });
    await openChat(user);
    const leave = screen.getByRole('checkbox', { name: localeText('en', 'chat.readFitProfile') });
    expect(leave).not.toBeChecked();
    await ask(user, 'Which shoes suit me?');
    await screen.findByText(answer().answer);
    await user.click(leave);
    expect(localStorage.getItem('fit-profile-assistant')).toBe('yes');
    await ask(user, 'And for a harder shank?');
    await waitFor(() => expect(api.callsTo(HYBRID)).toHaveLength(2));
    expect(api.callsTo(HYBRID).map((call) => (call.body as { fitProfile?: unknown }).fitProfile)).toEqual([undefined, profile]);
    await user.click(leave);
    expect(localStorage.getItem('fit-profile-assistant')).toBeNull();
  });

  it('offers no such choice to a dancer without a fit profile', async () => {
    const { user } = renderChat();
    await openChat(user);
    expect(screen.queryByRole('checkbox', { name: localeText('en', 'chat.readFitProfile') })).not.toBeInTheDocument();
  });
});
