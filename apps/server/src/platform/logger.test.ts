import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

// What a terminal, a pipe or a log collector receives from the command line's logger.
function capture(isTTY: boolean) {
  const lines: string[] = [];
  return { output: { isTTY, write: (text: string) => lines.push(text) }, lines };
}

describe('the command line logs', () => {
  it('readable lines in a terminal: time, level and message, no JSON', () => {
    const { output, lines } = capture(true);
    createLogger({ logLevel: 'info', logFormat: 'auto' }, output).info('mailhound start running');
    expect(lines).toHaveLength(1);
    expect(stripVTControlCharacters(lines[0]!)).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: mailhound start running\n$/,
    );
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it('one JSON object per line when the output is not a terminal', () => {
    const { output, lines } = capture(false);
    createLogger({ logLevel: 'info', logFormat: 'auto' }, output).warn('port 8080 is busy');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: 'port 8080 is busy' });
  });

  it('JSON in a terminal too with LOG_FORMAT=json, readable lines in a pipe with pretty', () => {
    const json = capture(true);
    createLogger({ logLevel: 'info', logFormat: 'json' }, json.output).info('stopped');
    expect(JSON.parse(json.lines[0]!)).toMatchObject({ level: 30, msg: 'stopped' });
    const pretty = capture(false);
    createLogger({ logLevel: 'info', logFormat: 'pretty' }, pretty.output).info('stopped');
    expect(pretty.lines[0]).toMatch(/INFO: stopped\n$/);
  });

  it('keeps LOG_LEVEL in both formats', () => {
    for (const isTTY of [true, false]) {
      const { output, lines } = capture(isTTY);
      createLogger({ logLevel: 'warn', logFormat: 'auto' }, output).info('not shown');
      expect(lines).toEqual([]);
    }
  });
});
