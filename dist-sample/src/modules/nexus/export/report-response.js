import { StreamableFile } from '@nestjs/common';
/** The file itself (no envelope), with its report id; reports hold personal data, so never cached. */
export function sendReportFile(file, res) {
    res.setHeader('X-Report-Id', file.report.id);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(file.body, { type: file.contentType, length: file.body.length, disposition: `attachment; filename="${file.fileName}"` });
}
//# sourceMappingURL=report-response.js.map