import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { escapeControls, jsonText, marked, terminalText, withoutMarks } from './terminal-text';

describe('terminal text', () => {
  const red = marked(pc.createColors(true).red);
  const bold = marked(pc.createColors(true).bold);

  it.each([
    ['OSC 52 (clipboard)', '\u001b]52;c;ZXZpbA==\u0007', '\\x1b]52;c;ZXZpbA==\\x07'],
    ['erase line and carriage return', '\u001b[2K\rFAKE', '\\x1b[2K\\x0dFAKE'],
    ['a C1 CSI and DEL', '\u009b31m\u007f', '\\x9b31m\\x7f'],
    ['a bidi override', 'abc\u202edef', 'abc\\u202edef'],
    ['a byte order mark', '\ufeff{', '\\ufeff{'],
  ])('shows %s as text', (_what, raw, shown) => {
    expect(terminalText(raw)).toBe(shown);
  });

  it('keeps newlines, tabs and emoji sequences', () => {
    expect(terminalText('a\n\tb 👩‍💻')).toBe('a\n\tb 👩‍💻');
  });

  it('turns loc’s own colours into codes, never a colour code inside the coloured text', () => {
    expect(terminalText(red('ok'))).toBe('\u001b[31mok\u001b[39m');
    expect(terminalText(red('\u001b[8mhidden'))).toBe('\u001b[31m\\x1b[8mhidden\u001b[39m');
    expect(terminalText(`${bold('a')} ${red(`x ${bold('y')}`)}`)).toBe(
      '\u001b[1ma\u001b[22m \u001b[31mx \u001b[1my\u001b[22m\u001b[39m',
    );
  });

  it('measures a coloured cell without its marks, and escapes a cell’s controls with the marks kept', () => {
    expect(withoutMarks(red('ok'))).toBe('ok');
    expect(terminalText(escapeControls(`${red('a')}\r`))).toBe('\u001b[31ma\u001b[39m\\x0d');
  });

  it('keeps JSON the same value', () => {
    const value = { title: 'a\u202e\u009b\u007f\u2028b' };
    const text = jsonText(JSON.stringify(value));
    expect(text).not.toMatch(/[\u007f-\u009f\u202e\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
