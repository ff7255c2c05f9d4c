/**
 * The lots of one holding (folio and scheme), first in first out: units taken leave the oldest lot
 * first (unseen units, held before the history shows, are the oldest of all).
 */
import { min } from './exact.js';
import { portion, reduce, unseenLot } from './lot.js';
export class LotBook {
    constructor() {
        this.lots = [];
        this.head = 0;
        /** Units opened and closed over the book's life (known sizes only), for the conservation check. */
        this.opened = 0n;
        this.closed = 0n;
        /** Units taken from an unseen lot of unknown size, counted as opened once its size is settled. */
        this.unknownTaken = 0n;
    }
    add(lot) {
        if (lot.units !== null && lot.units <= 0n)
            return;
        if (lot.units !== null)
            this.opened += lot.units;
        this.lots.push(lot);
    }
    /** Units held before everything else (the history's opening balance, or what a gap hid). */
    addOldest(lot) {
        if (lot.units !== null && lot.units <= 0n)
            return;
        if (lot.units !== null)
            this.opened += lot.units;
        this.lots.splice(this.head, 0, lot);
    }
    get open() {
        return this.lots.slice(this.head);
    }
    /** Known units open; null when an unseen lot of unknown size is among them. */
    get units() {
        let total = 0n;
        for (const lot of this.open) {
            if (lot.units === null)
                return null;
            total += lot.units;
        }
        return total;
    }
    get unseenUnits() {
        let total = 0n;
        for (const lot of this.open) {
            if (!lot.unseen)
                continue;
            if (lot.units === null)
                return null;
            total += lot.units;
        }
        return total;
    }
    /**
     * Takes `units` first in first out, as portions of the lots they come from. Units beyond every
     * lot open come from lots the history does not show: an unseen portion, flagged.
     */
    take(units) {
        const pieces = [];
        let left = units;
        while (left > 0n && this.head < this.lots.length) {
            const lot = this.lots[this.head];
            left -= this.cut(lot, left, pieces);
            if (lot.units !== null && lot.units === 0n)
                this.head++;
        }
        return this.closeRest(units, left, pieces);
    }
    /** Takes `units` from the newest lots (a purchase undone whose row is not found). */
    takeNewest(units) {
        const pieces = [];
        let left = units;
        for (let i = this.lots.length - 1; left > 0n && i >= this.head; i--)
            left -= this.cut(this.lots[i], left, pieces);
        this.lots = this.lots.filter((lot, i) => i < this.head || lot.units === null || lot.units > 0n);
        return this.closeRest(units, left, pieces);
    }
    /** Cuts up to `left` units off `lot` as a portion added to `pieces`; answers how many it cut. */
    cut(lot, left, pieces) {
        const n = lot.units === null ? left : min(lot.units, left);
        if (lot.units === null)
            this.unknownTaken += n;
        const piece = portion(lot, n);
        reduce(lot, piece);
        pieces.push(piece);
        return n;
    }
    /** Units taken beyond every lot must have been held: opened unseen and closed at once. */
    closeRest(units, left, pieces) {
        if (left > 0n) {
            this.opened += left;
            pieces.push(unseenLot(left));
        }
        this.closed += units;
        return pieces;
    }
    /**
     * Every lot open becomes unseen (a gap in the history: what happened in it is not known), the
     * whole `balance` when the next row prints it, else the units open.
     */
    hideAll(balance) {
        const held = this.units;
        this.closed += held ?? 0n;
        this.lots = [];
        this.head = 0;
        const size = balance ?? held;
        if (size === null || size > 0n)
            this.addOldest(unseenLot(size));
    }
    /**
     * A printed balance after a row settles the size of an unseen lot of unknown size: the balance less
     * the units of the lots the history shows (none left when that is zero).
     */
    settleUnseen(balance) {
        const at = this.lots.findIndex((lot, i) => i >= this.head && lot.units === null);
        if (at < 0)
            return;
        let known = 0n;
        for (const lot of this.open)
            if (lot.units !== null)
                known += lot.units;
        const size = balance - known;
        if (size < 0n)
            return;
        this.opened += size + this.unknownTaken;
        this.unknownTaken = 0n;
        if (size === 0n)
            this.lots.splice(at, 1);
        else
            this.lots[at].units = size;
    }
}
//# sourceMappingURL=lot-book.js.map