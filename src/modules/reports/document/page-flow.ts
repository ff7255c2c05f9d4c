/**
 * The report's page geometry and its flow down the pages: headings wait for what follows them, so a
 * heading is never left alone at the foot of a page (keep-with-next).
 */
import type PDFDocument from 'pdfkit';

export type Doc = InstanceType<typeof PDFDocument>;

/** A4 landscape, in PDF units. */
export const PAGE = { width: 841.89, height: 595.28, margin: 36 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lowest a line of the body may end: under it, the footer. */
export const BOTTOM = PAGE.height - PAGE.margin - 18;

export const FONT_SIZE = { title: 18, heading: 12, subheading: 10, body: 9, table: 7.5, small: 7 } as const;
export const COLOUR = { text: '#000000', grey: '#555555', rule: '#bbbbbb', accent: '#1f4e79' } as const;

/** The registered font names (renderClientReport registers them). */
export const FONT = { regular: 'regular', bold: 'bold' } as const;

export interface HeadingStyle {
  size: number;
  colour?: string;
  /** Space above the heading, unless it opens a page. */
  before: number;
  /** Space under it. */
  after: number;
}

export const HEADING: Record<'section' | 'member' | 'group' | 'note', HeadingStyle> = {
  section: { size: FONT_SIZE.heading, before: 10, after: 4 },
  member: { size: FONT_SIZE.subheading, colour: COLOUR.accent, before: 8, after: 3 },
  group: { size: FONT_SIZE.body, before: 6, after: 2 },
  note: { size: FONT_SIZE.body, before: 4, after: 1 },
};

interface Pending {
  /** The heading's height if it opens a page, and if it does not. */
  height: (atTop: boolean) => number;
  draw: () => void;
}

/** Where the body's next line goes; headings queued until what follows them is placed. */
export class PageFlow {
  private pending: Pending[] = [];

  constructor(private readonly doc: Doc) {}

  private get atTop(): boolean {
    return this.doc.y <= PAGE.margin + 0.5;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.y = PAGE.margin;
  }

  /** Queues a heading: it is drawn by the next `room`, on the page where what follows it starts. */
  heading(text: string, style: HeadingStyle, colour?: string): void {
    const doc = this.doc;
    const measure = () => doc.font(FONT.bold).fontSize(style.size).heightOfString(text, { width: CONTENT_WIDTH });
    this.pending.push({
      height: (atTop) => (atTop ? 0 : style.before) + measure() + style.after,
      draw: () => {
        if (!this.atTop) doc.y += style.before;
        const y = doc.y;
        const height = measure();
        doc.fillColor(colour ?? style.colour ?? COLOUR.text).text(text, PAGE.margin, y, { width: CONTENT_WIDTH });
        doc.fillColor(COLOUR.text);
        doc.y = y + height + style.after;
      },
    });
  }

  /**
   * Makes room for the queued headings and `height` of what follows them (a new page unless all of
   * it fits under the current line), then draws the headings.
   */
  room(height: number): void {
    const needed = (atTop: boolean) => this.pending.reduce((s, p) => s + p.height(atTop), 0) + height;
    if (!this.atTop && this.doc.y + needed(false) > BOTTOM) this.newPage();
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) p.draw();
  }

  /** Whether `height` fits under the current line. */
  fits(height: number): boolean {
    return this.doc.y + height <= BOTTOM;
  }
}
