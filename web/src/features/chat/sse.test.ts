import { describe, expect, it } from 'vitest';

import { EventStreamParser, type ServerSentEvent } from './sse';

/** Every event `pieces` make when fed one after another to one parser. */
function parse(...pieces: string[]): ServerSentEvent[] {
  const parser = new EventStreamParser();
  return pieces.flatMap((piece) => parser.feed(piece));
}

const stream = 'event: start\ndata: {"provider":"basic"}\n\nevent: delta\ndata: {"text":"Hello"}\n\nevent: done\ndata: {"answer":"Hello there"}\n\n';
const events = [
  { event: 'start', data: '{"provider":"basic"}' },
  { event: 'delta', data: '{"text":"Hello"}' },
  { event: 'done', data: '{"answer":"Hello there"}' },
];

describe('EventStreamParser', () => {
  it('reads named events', () => {
    expect(parse(stream)).toEqual(events);
  });

  it('gives the same events wherever the stream is cut, in two pieces or one character at a time', () => {
    for (let cut = 0; cut <= stream.length; cut++) expect(parse(stream.slice(0, cut), stream.slice(cut))).toEqual(events);
    expect(parse(...stream)).toEqual(events);
  });

  it('reads CRLF and CR line ends, also when a CRLF is cut between its two characters', () => {
    const crlf = stream.replaceAll('\n', '\r\n');
    expect(parse(crlf)).toEqual(events);
    for (let cut = 0; cut <= crlf.length; cut++) expect(parse(crlf.slice(0, cut), crlf.slice(cut))).toEqual(events);
    expect(parse(stream.replaceAll('\n', '\r'), '\n')).toEqual(events);
  });

  it('joins the data lines of one event with newlines', () => {
    expect(parse('event: delta\ndata: first\ndata:second\ndata\n\n')).toEqual([{ event: 'delta', data: 'first\nsecond\n' }]);
  });

  it('removes one space after the colon, not more', () => {
    expect(parse('data:  two spaces\n\n')).toEqual([{ event: 'message', data: ' two spaces' }]);
  });

  it('names an unnamed event "message" and forgets the name after each event', () => {
    expect(parse('event: delta\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'delta', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('skips comments, other fields and events without data', () => {
    expect(parse(': keep-alive\n\nid: 7\nretry: 1000\nevent: start\n\nevent: delta\n: between\ndata: x\n\n')).toEqual([{ event: 'delta', data: 'x' }]);
  });

  it('waits for the blank line that ends an event', () => {
    const parser = new EventStreamParser();
    expect(parser.feed('event: done\ndata: {}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'done', data: '{}' }]);
  });
});
