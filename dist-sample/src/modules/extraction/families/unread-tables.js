/**
 * Holdings tables a statement of a known family prints but its reader read nothing from. The
 * family's section headings divide the statement; a holdings section whose rows carry ISINs, none
 * of which became a holding, is a table that could not be read. A statement from which no holding
 * at all was read is reported as a whole, never as "not a statement of holdings": a known family
 * whose tables could not be read is missing its holdings, not without them.
 */
import { isValidIsin } from '../identifiers.js';
import { splitNumberTokens } from '../parsers/common.js';
import { SECTION_WORDS } from './family.js';
import { familyOf, holdsHoldings, readAccountId } from './index.js';
const ISIN_SHAPED = /(?<![A-Z0-9])[A-Z]{2}[A-Z0-9]{9}[0-9](?![0-9])/g;
/**
 * The row's ISIN: the first on the line that a holding was read with, or else that has a valid check
 * digit (a row is keyed by one ISIN; scanning the rest of every row for another, or checking the
 * digit of every ISIN read, would cost more than the rest of this check).
 */
function isinOf(text, read) {
    ISIN_SHAPED.lastIndex = 0;
    for (let m = ISIN_SHAPED.exec(text); m; m = ISIN_SHAPED.exec(text)) {
        if (read.knows(m[0]) || isValidIsin(m[0]))
            return m[0];
    }
    return null;
}
/**
 * The holdings read, to be matched with the rows printed: a row is read when a holding with its ISIN
 * was read on its page or a neighbouring one, of the row's demat account when one can be (the same fund may be
 * held in several accounts). Each holding matches one row, so a fund two investors hold is read twice
 * or it is not.
 */
class ReadHoldings {
    constructor(draft) {
        /** Accounts of the holdings not yet matched, by ISIN and page. */
        this.free = new Map();
        this.isins = new Set();
        let count = 0;
        for (const e of draft.entities) {
            for (const h of e.holdings) {
                const key = `${h.isin}@${h.page}`;
                const accounts = this.free.get(key);
                if (accounts)
                    accounts.push(h.account_id ?? null);
                else
                    this.free.set(key, [h.account_id ?? null]);
                this.isins.add(h.isin);
                count++;
            }
        }
        this.empty = count === 0;
    }
    /** Whether any holding was read with this ISIN. */
    knows(isin) {
        return this.isins.has(isin);
    }
    /** Takes the holding read for a row, if there is one. */
    take(isin, account, page) {
        for (const p of [page, page - 1, page + 1]) {
            const accounts = this.free.get(`${isin}@${p}`);
            if (!accounts?.length)
                continue;
            const at = accounts.indexOf(account);
            accounts.splice(at >= 0 ? at : 0, 1);
            return true;
        }
        return false;
    }
}
export function unreadTables(lines, draft) {
    const family = familyOf(draft.classification);
    if (!family?.holdings)
        return [];
    const read = new ReadHoldings(draft);
    const sections = [];
    let current = null;
    let account = null;
    let rows = 0;
    for (const line of lines) {
        const text = line.text.trim();
        if (family.accountId)
            account = readAccountId(family.code, text) ?? account;
        const isin = isinOf(text, read);
        if (isin) {
            // A transaction's ISIN is no holding's row (and must not take the holding its row will want).
            if (current && !holdsHoldings(current.kind))
                continue;
            rows++;
            const taken = read.take(isin, account, line.page);
            if (current) {
                current.rows++;
                current.read ||= taken;
            }
            continue;
        }
        const section = family.sections.find((s) => s.pattern.test(text));
        // A heading is a line of words: a line with figures naming a section is a row of a summary.
        if (section && !line.cells.some((c) => splitNumberTokens(c.text))) {
            current = { heading: text, kind: section.kind, page: line.page, rows: 0, read: false };
            sections.push(current);
        }
    }
    const unread = sections.filter((s) => holdsHoldings(s.kind) && s.rows > 0 && !s.read).map(({ heading, kind, page, rows: n }) => ({ heading, kind, page, rows: n }));
    if (read.empty && unread.length === 0)
        return [{ heading: null, kind: null, page: null, rows }];
    return unread;
}
/** The flag that says which table of which family could not be read. */
export function unreadTableFlag(draft, table) {
    const title = familyOf(draft.classification)?.title ?? 'a statement';
    const base = { code: 'TABLE_UNREAD', isin: null, entity: null, page: table.page };
    if (table.heading === null) {
        const seen = table.rows ? `: ${table.rows} row(s) with an ISIN were seen, and none could be read` : ': no holdings table was found in it';
        return { ...base, message: `This is ${title}, but its holdings tables could not be read${seen}. No holdings were extracted; that does not mean it holds none` };
    }
    const kind = table.kind ? ` (${SECTION_WORDS[table.kind]})` : '';
    return {
        ...base,
        message: `${title[0].toUpperCase()}${title.slice(1)}: the table under "${table.heading}"${kind} on page ${table.page} lists ${table.rows} row(s) with an ISIN, and none could be read; its holdings are missing from the extraction`,
    };
}
//# sourceMappingURL=unread-tables.js.map