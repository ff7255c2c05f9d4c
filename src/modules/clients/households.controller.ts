import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client as Caller } from '../../common/http/client-info.js';
import { WithMessage } from '../../common/http/envelope.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { CreateHouseholdDto, HouseholdDto, HouseholdListQueryDto, HouseholdPageDto, SetMemberDto, UpdateHouseholdDto } from './dto/household.dto.js';
import { HouseholdsService } from './households.service.js';

const HouseholdIdParam = ApiParam({ name: 'household_id', example: 'hh_5e6f7a8b9c0d1e2f3a4b5c6d' });
const ClientIdParam = ApiParam({ name: 'client_id', example: 'cli_0a1b2c3d4e5f60718293a4b5' });
const NotFound = ApiNotFoundResponse({ description: "HOUSEHOLD_NOT_FOUND: no such household in the caller's tenant" });
const MemberConflicts = ApiConflictResponse({ description: 'CLIENT_IN_HOUSEHOLD: the client belongs to another household; HOUSEHOLD_SELF_TAKEN: the household has its `self`' });

@ApiTags('Households')
@Controller('api/v1/households')
export class HouseholdsController {
  constructor(private readonly households: HouseholdsService) {}

  @Post()
  @Roles('analyst')
  @ApiOperation({ summary: 'Group clients in a household, each with its relationship (self, spouse, child, parent, huf, other)' })
  @ApiEnvelope(HouseholdDto, { status: 201 })
  @ApiNotFoundResponse({ description: "CLIENT_NOT_FOUND: a member is not a client of the caller's tenant" })
  @MemberConflicts
  create(@CurrentUser() user: Principal, @Body() dto: CreateHouseholdDto, @Caller() caller: ClientInfo) {
    return this.households.create(user, dto, caller.ip);
  }

  @Get()
  @Roles('viewer')
  @ApiOperation({ summary: "The tenant's households by name, with their members" })
  @ApiEnvelope(HouseholdPageDto)
  list(@CurrentUser() user: Principal, @Query() query: HouseholdListQueryDto) {
    return this.households.list(user, query);
  }

  @Get(':household_id')
  @Roles('viewer')
  @HouseholdIdParam
  @ApiOperation({ summary: 'One household with its members' })
  @ApiEnvelope(HouseholdDto)
  @NotFound
  get(@CurrentUser() user: Principal, @Param('household_id') id: string) {
    return this.households.get(user, id);
  }

  @Patch(':household_id')
  @Roles('analyst')
  @HouseholdIdParam
  @ApiOperation({ summary: 'Rename a household' })
  @ApiEnvelope(HouseholdDto)
  @NotFound
  rename(@CurrentUser() user: Principal, @Param('household_id') id: string, @Body() dto: UpdateHouseholdDto, @Caller() caller: ClientInfo) {
    return this.households.rename(user, id, dto, caller.ip);
  }

  @Delete(':household_id')
  @Roles('admin')
  @HouseholdIdParam
  @ApiOperation({ summary: 'Delete a household with its reports and their files (its clients stay in the register)' })
  @ApiEnvelope(null)
  @NotFound
  async remove(@CurrentUser() user: Principal, @Param('household_id') id: string, @Caller() caller: ClientInfo) {
    await this.households.remove(user, id, caller.ip);
    return new WithMessage(null, 'Household deleted');
  }

  @Put(':household_id/members/:client_id')
  @Roles('analyst')
  @HouseholdIdParam
  @ClientIdParam
  @ApiOperation({ summary: "Add a client to the household, or change its relationship there" })
  @ApiEnvelope(HouseholdDto)
  @ApiNotFoundResponse({ description: 'HOUSEHOLD_NOT_FOUND or CLIENT_NOT_FOUND' })
  @MemberConflicts
  putMember(@CurrentUser() user: Principal, @Param('household_id') id: string, @Param('client_id') clientId: string, @Body() dto: SetMemberDto, @Caller() caller: ClientInfo) {
    return this.households.putMember(user, id, clientId, dto.relationship, caller.ip);
  }

  @Delete(':household_id/members/:client_id')
  @Roles('analyst')
  @HouseholdIdParam
  @ClientIdParam
  @ApiOperation({ summary: 'Take a client out of the household (the client stays in the register); a client that is not a member changes nothing' })
  @ApiEnvelope(HouseholdDto)
  @ApiNotFoundResponse({ description: 'HOUSEHOLD_NOT_FOUND or CLIENT_NOT_FOUND' })
  removeMember(@CurrentUser() user: Principal, @Param('household_id') id: string, @Param('client_id') clientId: string, @Caller() caller: ClientInfo) {
    return this.households.removeMember(user, id, clientId, caller.ip);
  }
}
