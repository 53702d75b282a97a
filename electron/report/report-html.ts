// An offline report as one HTML file: the report page's script and styles inline, allowed by
// their hashes in a Content-Security-Policy that forbids every connection and every load, and
// the data gzipped and in base64 in a <script> element that is never run.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { REPORT_DATA_ELEMENT } from '../../shared/report/report-document.js';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * Where `npm run build` puts the report page's script and styles: beside out/electron when this
 * runs built, under out/ when it runs from its source (tests).
 */
export const REPORT_PAGE_DIR =
  [join(here, '..', '..', 'report'), join(here, '..', '..', 'out', 'report')].find((dir) =>
    existsSync(join(dir, 'report.js')),
  ) ?? join(here, '..', '..', 'report');

export class ReportPageMissing extends Error {}

export interface ReportPageAssets {
  readonly script: string;
  readonly styles: string;
}

/** The built report page; says how to build it when it is not there. */
export async function readReportPage(dir = REPORT_PAGE_DIR): Promise<ReportPageAssets> {
  try {
    const [script, styles] = await Promise.all([
      readFile(join(dir, 'report.js'), 'utf8'),
      readFile(join(dir, 'report.css'), 'utf8'),
    ]);
    return { script, styles };
  } catch (error) {
    throw new ReportPageMissing(
      `the report page is not built (${(error as Error).message}): run npm run build`,
    );
  }
}

/**
 * Script text made safe inside <script>…</script>: the parser ends the element at "</script"
 * and changes state at "<!--" and "<script", whatever JavaScript means by them. Each is written
 * with its "<" as \x3C, which means the same in the strings, templates and regular expressions
 * a minified bundle holds them in.
 */
export function inlineScript(script: string): string {
  return script.replace(/<(?=!--|\/?script)/gi, '\\x3C');
}

/** Style text made safe inside <style>…</style>. */
function inlineStyles(styles: string): string {
  return styles.replace(/<\/(?=style)/gi, '<\\/');
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The data as the page keeps it: gzipped, then base64 in lines of 76. */
export function packData(data: Uint8Array): string {
  const text = gzipSync(data, { level: 9 }).toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += 76) lines.push(text.slice(at, at + 76));
  return lines.join('\n');
}

/** The whole file. */
export function reportHtml(options: {
  readonly title: string;
  readonly data: Uint8Array;
  readonly page: ReportPageAssets;
}): string {
  const script = inlineScript(options.page.script);
  const styles = inlineStyles(options.page.styles);
  // Nothing may be fetched, framed or sent: only this script and this style sheet run, images
  // are the page's own (data:, blob: for a PNG it saves), and connections go nowhere.
  const policy = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(styles)}`,
    'img-src data: blob:',
    "connect-src 'none'",
    "font-src 'none'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<meta name="generator" content="munin-view report">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${styles}</style>`,
    '</head>',
    '<body>',
    '<div id="root"><noscript>This report is drawn by its own script: allow scripts for this file to see it.</noscript></div>',
    `<script type="application/x-munin-report" id="${REPORT_DATA_ELEMENT}">`,
    packData(options.data),
    '</script>',
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
