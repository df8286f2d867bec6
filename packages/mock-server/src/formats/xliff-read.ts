import { elementsOf, FormatReadError, innerXml, parseXml, textOf, type XmlElement } from '@loc/sdk/internal';
import type { SegmentStatus } from '@loc/sdk';
import { entryList } from './read-entries';
import type { ReadEntry, Reader } from './reader-types';
import { xmlText } from './read-text';

/**
 * `xliff.standard`: XLIFF 1.2 (what the writer writes, and Xcode, Symfony, the Translate Toolkit) and
 * 2.0 (Angular's `xlf2`, Okapi). A unit's key is its `id`; its text the `<target>` (a unit without one
 * is untranslated, except in the source locale's file, where its `<source>` is the text); its notes,
 * joined by line breaks, its comment; its source the `<source>`. Inline elements in a source or target
 * (`<g>`, `<x/>`, `<ph>`, `<mrk>`…) are kept as XML text, since the store holds texts. Groups (`<group>`)
 * are read through, and several `<file>`s as one file (their keys must differ). Units marked
 * `translate="no"` are left out. The status, from XLIFF's own attributes: see statusOf.
 */
export const readXliff: Reader = (file) => {
  const root = parseXml(xmlText(file, 'XLIFF'));
  if (root.local !== 'xliff')
    throw new FormatReadError(`expected an XLIFF document (<xliff>), found <${root.name}>`, root.line);
  const version = root.attrs.get('version') ?? '';
  const isSource = file.locale === file.sourceLocale;
  const entries = entryList();
  let locale: string | undefined;
  if (/^1\.[0-2]$/.test(version)) {
    for (const f of xliffChildren(root, 'file')) {
      locale ??= f.attrs.get('target-language');
      for (const unit of unitsOf(f, 'trans-unit')) {
        if (unit.attrs.get('translate') === 'no') continue;
        const id = idOf(unit);
        const source = one(unit, 'source');
        const target = one(unit, 'target');
        if (!target && !isSource) continue;
        const entry: ReadEntry = { key: id, value: innerXml(target ?? source!), line: unit.line };
        if (source) entry.source = innerXml(source);
        const notes = xliffChildren(unit, 'note').map(textOf);
        if (notes.length) entry.comment = notes.join('\n');
        const status = statusOf12(unit, target);
        if (status) entry.status = status;
        entries.add(entry);
      }
    }
  } else if (/^2\.[0-9]$/.test(version)) {
    locale = root.attrs.get('trgLang');
    for (const f of xliffChildren(root, 'file')) {
      for (const unit of unitsOf(f, 'unit')) {
        if (unit.attrs.get('translate') === 'no') continue;
        const id = idOf(unit);
        const parts = elementsOf(unit).filter((e) => isXliff(e) && (e.local === 'segment' || e.local === 'ignorable'));
        const segments = parts.filter((p) => p.local === 'segment');
        const translated = segments.length > 0 && segments.every((s) => one(s, 'target'));
        if (!translated && !isSource) continue;
        const text = (useTarget: boolean) =>
          parts.map((p) => innerXml((useTarget && one(p, 'target')) || one(p, 'source') || p)).join('');
        const entry: ReadEntry = { key: id, value: text(translated), line: unit.line, source: text(false) };
        const notes = xliffChildren(unit, 'notes')
          .flatMap((n) => xliffChildren(n, 'note'))
          .map(textOf);
        if (notes.length) entry.comment = notes.join('\n');
        const status = translated ? statusOf20(segments) : undefined;
        if (status) entry.status = status;
        entries.add(entry);
      }
    }
  } else
    throw new FormatReadError(
      `the XLIFF version ${JSON.stringify(version)}: loc-mock reads XLIFF 1.2 and 2.0 (<xliff version="1.2">)`,
      root.line,
    );
  return { entries: entries.entries, ...(locale ? { locale } : {}) };
};

/** Elements of XLIFF's namespaces (or of none, as some tools write it); others are extensions, skipped. */
function isXliff(element: XmlElement): boolean {
  return element.uri === '' || element.uri.startsWith('urn:oasis:names:tc:xliff:document:');
}

function xliffChildren(element: XmlElement, local: string): XmlElement[] {
  return elementsOf(element).filter((e) => e.local === local && isXliff(e));
}

function one(element: XmlElement, local: string): XmlElement | undefined {
  const found = xliffChildren(element, local);
  if (found.length > 1) throw new FormatReadError(`<${local}> twice in one unit`, found[1]!.line);
  return found[0];
}

/** The units of a file, through its body and groups, in the file's order. */
function unitsOf(file: XmlElement, unitName: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const child of elementsOf(element)) {
      if (!isXliff(child)) continue;
      if (child.local === unitName) out.push(child);
      else if (child.local === 'body' || child.local === 'group') walk(child);
    }
  };
  walk(file);
  return out;
}

function idOf(unit: XmlElement): string {
  const id = unit.attrs.get('id');
  if (id === undefined) throw new FormatReadError(`a <${unit.name}> without an id: the id is the key`, unit.line);
  return id;
}

/**
 * XLIFF 1.2: `approved="yes"`, or a target `state` of `final` or `signed-off`, is APPROVED (the writer
 * writes both for APPROVED); `translated` is TRANSLATED; the states that ask for work (`needs-review-…`,
 * `needs-…`, `new`) are DRAFT (the writer writes `needs-review-translation` for DRAFT and PREFILLED alike).
 */
function statusOf12(unit: XmlElement, target: XmlElement | undefined): SegmentStatus | undefined {
  if (unit.attrs.get('approved') === 'yes') return 'APPROVED';
  const state = target?.attrs.get('state');
  if (state === undefined) return undefined;
  if (state === 'final' || state === 'signed-off') return 'APPROVED';
  if (state === 'translated') return 'TRANSLATED';
  return 'DRAFT';
}

/** XLIFF 2.0 segment states, the least advanced segment deciding: initial DRAFT, translated TRANSLATED, reviewed and final APPROVED. */
function statusOf20(segments: XmlElement[]): SegmentStatus | undefined {
  const RANK: Record<string, SegmentStatus> = {
    initial: 'DRAFT',
    translated: 'TRANSLATED',
    reviewed: 'APPROVED',
    final: 'APPROVED',
  };
  const ORDER: SegmentStatus[] = ['DRAFT', 'TRANSLATED', 'APPROVED'];
  let least: SegmentStatus | undefined;
  for (const segment of segments) {
    const status = RANK[segment.attrs.get('state') ?? 'initial'] ?? 'DRAFT';
    if (least === undefined || ORDER.indexOf(status) < ORDER.indexOf(least)) least = status;
  }
  return least;
}
