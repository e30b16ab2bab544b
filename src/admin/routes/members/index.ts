import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerCreateMember } from "./create";
import { registerCreateMemberToken } from "./create-token";
import { registerListMembers } from "./list";
import { registerRemoveMembership } from "./remove-membership";
import { registerRevokeMemberToken } from "./revoke-token";
import { registerSetMembership } from "./set-membership";

/** Members: people with personal access tokens, and their roles in applications. */
export const membersApp = new OpenAPIHono<AppEnv>();
registerCreateMember(membersApp);
registerListMembers(membersApp);
registerCreateMemberToken(membersApp);
registerRevokeMemberToken(membersApp);
registerSetMembership(membersApp);
registerRemoveMembership(membersApp);
