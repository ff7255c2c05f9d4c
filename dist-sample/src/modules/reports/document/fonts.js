import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
/**
 * DejaVu Sans (the `dejavu-fonts-ttf` package): it has the rupee sign (U+20B9) and the dash the
 * report prints for unknown figures, which the PDF standard fonts lack. The PDF embeds the subset it uses.
 */
export const REPORT_FONTS = {
    regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
//# sourceMappingURL=fonts.js.map