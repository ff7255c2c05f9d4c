import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { Omittable } from '../../../../common/decorators/omittable.decorator.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Form fields carry booleans as the strings "true"/"false"; JSON may send real booleans. */
const boolish = ({ value }: { value: unknown }) => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : value);

export class InvokeDto {
  @ApiProperty({ format: 'uuid', example: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' })
  @IsUUID()
  session_id: string;

  @ApiProperty({ example: 'What is the total value of my portfolio?', maxLength: 4000 })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(4000)
  query: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false', example: 'false' })
  @IsOptional()
  @IsIn(['true', 'false'])
  skip_guardrail?: 'true' | 'false';

  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false', example: 'false' })
  @IsOptional()
  @IsIn(['true', 'false'])
  web_search?: 'true' | 'false';

  @ApiPropertyOptional({ example: '6574a1c0f0d1a2b3c4d5e601', description: '24-hex id of an agent (GET /api/v1/zen/agents)' })
  @Omittable()
  @Matches(/^[0-9a-f]{24}$/, { message: 'agent_id must be a 24-character hexadecimal id' })
  agent_id?: string;
}

export class MessageDto {
  @ApiProperty({ example: 'Which are my three largest holdings?', maxLength: 4000 })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(4000)
  query: string;

  @ApiPropertyOptional({ example: false })
  @Omittable()
  @Transform(boolish)
  @IsBoolean()
  skip_guardrail?: boolean;

  @ApiPropertyOptional({ example: false })
  @Omittable()
  @Transform(boolish)
  @IsBoolean()
  web_search?: boolean;

  @ApiPropertyOptional({ example: '6574a1c0f0d1a2b3c4d5e602' })
  @Omittable()
  @Matches(/^[0-9a-f]{24}$/, { message: 'agent_id must be a 24-character hexadecimal id' })
  agent_id?: string;
}

export class RenameSessionDto {
  @ApiProperty({ example: 'Sharma family — Q2 review', maxLength: 200 })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title: string;
}

export class AgentDto {
  @ApiProperty({ example: '6574a1c0f0d1a2b3c4d5e601' }) agent_id: string;
  @ApiProperty({ example: 'Portfolio Analyst' }) agent_name: string;
  @ApiProperty({ example: "Answers questions about the client's holdings…" }) description: string;
}

export class SessionSummaryDto {
  @ApiProperty({ format: 'uuid', example: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' }) session_id: string;
  @ApiProperty({ example: 'Sharma family — Q2 review' }) title: string;
  @ApiProperty({ example: '2026-11-22T10:15:30.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T10:20:02.000Z' }) updated_at: string;
  @ApiProperty({ example: 6 }) message_count: number;
  @ApiProperty({ enum: ['open', 'closed'], example: 'open' }) status: string;
}

export class ChatMessageDto {
  @ApiProperty({ format: 'uuid', example: '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f' }) id: string;
  @ApiProperty({ enum: ['user', 'assistant'], example: 'assistant' }) role: string;
  @ApiProperty({ example: 'The portfolio is worth INR 12,34,567.89 as of 2025-09-30…' }) content: string;
  @ApiProperty({ example: '2026-11-22T10:15:31.000Z' }) created_at: string;
  @ApiPropertyOptional({ type: Object, description: 'Replies only', example: { web_search: 'False', agents_invoked: [] } }) meta?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: Object, description: 'Replies only', nullable: true, example: null }) guardrail?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: [Object], description: 'Replies only', example: [] }) citations?: unknown[] | null;
}

export class SessionDetailDto extends SessionSummaryDto {
  @ApiProperty({ type: [ChatMessageDto] }) messages: ChatMessageDto[];
}

export class AgentInvokedDto {
  @ApiProperty({ example: '6574a1c0f0d1a2b3c4d5e601' }) agent_id: string;
  @ApiProperty({ example: 'Portfolio Analyst' }) agent_name: string;
}

export class InvokeMetaDto {
  @ApiProperty({ enum: ['True', 'False'], example: 'False', description: '"True" only when a web search was actually performed' }) web_search: 'True' | 'False';
  @ApiProperty({ type: [AgentInvokedDto] }) agents_invoked: AgentInvokedDto[];
  @ApiPropertyOptional({ example: 'total_value' }) question_kind?: string;
  @ApiPropertyOptional({ type: [Object], example: [{ doc_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', file_name: 'CAS.pdf', source: 'extraction' }] }) citations?: unknown[];
  @ApiPropertyOptional({ type: Object, example: { input: 412, output: 58 } }) token_usage?: { input: number; output: number };
}

export class InvokeResultDto {
  @ApiProperty({ example: 'success' }) status: 'success';
  @ApiProperty({ format: 'uuid', description: "The user's message" }) message_id: string;
  @ApiProperty({ format: 'uuid', description: 'The reply' }) response_message_id: string;
  @ApiProperty({ example: 'The portfolio is worth INR 12,34,567.89 as of 2025-09-30, across 8 holding(s) in 1 statement(s).' }) response: string;
  @ApiProperty({ type: InvokeMetaDto }) meta: InvokeMetaDto;
  @ApiPropertyOptional({ nullable: true, type: Object, example: null, description: '{triggered, category, action, reason} when the question was blocked' })
  guardrail: Record<string, unknown> | null;
  @ApiProperty({ nullable: true, type: Object, example: null, description: 'Always null on success' }) error: null;
}
