/** One server-sent event: its type (`message` when the stream names none) and its data lines joined by newlines. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

// A CR at the very end of what has arrived may be the first half of a CRLF: it waits for the next piece.
const LINE_END = /\r\n|\r(?!$)|\n/g;

/**
 * Reads the `text/event-stream` format (the HTML standard's) from text that arrives in pieces cut
 * anywhere: lines end in LF, CRLF or CR, a blank line ends an event, `data` lines add up, a line starting
 * with `:` is a comment. `id` and `retry` are ignored (nothing reconnects), and so is an event the stream
 * ends in the middle of.
 */
export class EventStreamParser {
  private pending = '';
  private event = '';
  private data: string[] = [];

  /** The events completed by `text`. */
  feed(text: string): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    const buffer = this.pending + text;
    let start = 0;
    for (const match of buffer.matchAll(LINE_END)) {
      this.readLine(buffer.slice(start, match.index), events);
      start = match.index + match[0].length;
    }
    this.pending = buffer.slice(start);
    return events;
  }

  private readLine(line: string, events: ServerSentEvent[]) {
    if (line === '') {
      if (this.data.length > 0) events.push({ event: this.event || 'message', data: this.data.join('\n') });
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }
}
