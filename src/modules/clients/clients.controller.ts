import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client as Caller } from '../../common/http/client-info.js';
import { WithMessage } from '../../common/http/envelope.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { ClientsService } from './clients.service.js';
import { ClientDeleteQueryDto, ClientDeletionDto, ClientDocumentPageDto, ClientDocumentsQueryDto, ClientDto, ClientListQueryDto, ClientPageDto, CreateClientDto, UpdateClientDto } from './dto/client.dto.js';

const ClientIdParam = ApiParam({ name: 'client_id', example: 'cli_0a1b2c3d4e5f60718293a4b5' });
const NotFound = ApiNotFoundResponse({ description: "CLIENT_NOT_FOUND: no such client in the caller's tenant" });

@ApiTags('Clients')
@Controller('api/v1/clients')
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Post()
  @Roles('analyst')
  @ApiOperation({
    summary: 'Add a client to the register',
    description: 'The PAN is unique in the tenant. Statements already read with this PAN are linked to the new client. Date of birth and statement passwords are sealed at rest and never returned.',
  })
  @ApiEnvelope(ClientDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'PAN_INVALID, or VALIDATION_ERROR naming the field' })
  @ApiConflictResponse({ description: 'PAN_TAKEN: another client of the tenant has this PAN' })
  create(@CurrentUser() user: Principal, @Body() dto: CreateClientDto, @Caller() caller: ClientInfo) {
    return this.clients.create(user, dto, caller.ip);
  }

  @Get()
  @Roles('viewer')
  @ApiOperation({ summary: "The tenant's clients by name, filtered by name, PAN prefix or tag" })
  @ApiEnvelope(ClientPageDto)
  list(@CurrentUser() user: Principal, @Query() query: ClientListQueryDto) {
    return this.clients.list(user, query);
  }

  @Get(':client_id')
  @Roles('viewer')
  @ClientIdParam
  @ApiOperation({ summary: 'One client' })
  @ApiEnvelope(ClientDto)
  @NotFound
  get(@CurrentUser() user: Principal, @Param('client_id') id: string) {
    return this.clients.get(user, id);
  }

  @Patch(':client_id')
  @Roles('analyst')
  @ClientIdParam
  @ApiOperation({ summary: 'Change a client: only the fields sent; null clears an optional one' })
  @ApiEnvelope(ClientDto)
  @ApiBadRequestResponse({ description: 'PAN_INVALID, or VALIDATION_ERROR naming the field' })
  @ApiConflictResponse({ description: 'PAN_TAKEN: another client of the tenant has this PAN' })
  @NotFound
  update(@CurrentUser() user: Principal, @Param('client_id') id: string, @Body() dto: UpdateClientDto, @Caller() caller: ClientInfo) {
    return this.clients.update(user, id, dto, caller.ip);
  }

  @Delete(':client_id')
  @Roles('admin')
  @ClientIdParam
  @ApiOperation({
    summary: 'Delete a client and every statement it appears in; dry_run=true lists them and changes nothing',
    description:
      'Every statement the client appears in (joint statements included) is deleted as `DELETE /api/v1/nexus/documents/{doc_id}` deletes it (original, extraction, stage rows, layout, exports, chat passages and the messages quoting them, queued jobs), and then the client with the reports about it (gains exports, client reports) and the household reports that print its portfolio, and their files; the audit entries name ids only. A joint statement\'s other investors stay clients, without that statement. `dry_run=true` answers the same list (ids, types, dates, and which statements are joint with other clients) and changes nothing.',
  })
  @ApiEnvelope(ClientDeletionDto)
  @ApiConflictResponse({ description: 'CONFLICT: statements kept being linked to the client while it was being deleted (rare); try again' })
  @NotFound
  async remove(@CurrentUser() user: Principal, @Param('client_id') id: string, @Query() query: ClientDeleteQueryDto, @Caller() caller: ClientInfo) {
    const result = await this.clients.remove(user, id, caller.ip, { dryRun: query.dry_run === 'true' });
    return new WithMessage(result, result.deleted ? 'Client deleted with its statements' : 'Dry run: nothing was deleted');
  }

  @Get(':client_id/documents')
  @Roles('viewer')
  @ClientIdParam
  @ApiOperation({
    summary: "The statements the client appears in, newest statement first: id, type and date",
    description: 'Opening a document itself still follows the owner rule (its uploader, or an admin).',
  })
  @ApiEnvelope(ClientDocumentPageDto)
  @NotFound
  documents(@CurrentUser() user: Principal, @Param('client_id') id: string, @Query() page: ClientDocumentsQueryDto) {
    return this.clients.documents(user, id, page);
  }
}
