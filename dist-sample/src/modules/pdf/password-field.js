import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
/** The optional `password` field of a request that opens an encrypted statement (starting a run, a chat upload). */
export function PdfPasswordField() {
    return applyDecorators(ApiPropertyOptional({ example: 'ABCDE1234F', description: 'The PDF password, for encrypted statements. Never stored in clear.' }), IsOptional(), IsString(), IsNotEmpty(), MaxLength(128));
}
//# sourceMappingURL=password-field.js.map