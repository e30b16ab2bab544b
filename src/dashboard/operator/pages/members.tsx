import { MEMBER_ROLES } from "../../../db/schema";
import { ActionForm, time } from "../../pages/common";
import { NextPage } from "./common";

export type MemberView = {
  id: string;
  email: string;
  createdAt: string;
  memberships: { applicationId: string; role: string; createdAt: string }[];
  tokens: { id: string; hint: string; createdAt: string; revokedAt?: string }[];
};

const BASE = "/dashboard/operator/members";

/**
 * Every member (a page of them), each with their applications and roles (add, change, remove),
 * their personal access tokens (hints; revoke, or create a new one), and a form that adds a member.
 */
export function MembersList(props: {
  members: MemberView[];
  applications: { id: string; name: string }[];
  next?: string;
  csrf: string;
}) {
  const nameOf = new Map(props.applications.map((application) => [application.id, application.name]));
  return (
    <>
      {props.members.map((member) => (
        <MemberCard member={member} applications={props.applications} nameOf={nameOf} csrf={props.csrf} />
      ))}
      <NextPage path={BASE} next={props.next} />
      <h2>New member</h2>
      <ActionForm inline action={BASE} csrf={props.csrf} label="Add the member">
        <div class="field">
          <label for="member-email">Email</label>
          <input id="member-email" name="email" type="email" required maxlength={320} />
        </div>
      </ActionForm>
    </>
  );
}

function MemberCard(props: {
  member: MemberView;
  applications: { id: string; name: string }[];
  nameOf: Map<string, string>;
  csrf: string;
}) {
  const { member, csrf } = props;
  const base = `${BASE}/${member.id}`;
  return (
    <article class="panel" aria-labelledby={`member-${member.id}`}>
      <h2 id={`member-${member.id}`}>{member.email}</h2>
      <p class="muted">
        {member.id}, since {time(member.createdAt)}
      </p>
      <h3>Applications</h3>
      {member.memberships.length === 0 ? <p>None yet.</p> : null}
      <ul class="plain">
        {member.memberships.map((membership) => (
          <li>
            {props.nameOf.get(membership.applicationId) ?? membership.applicationId}: {membership.role}{" "}
            <ActionForm
              inline
              action={`${base}/applications/${membership.applicationId}/remove`}
              csrf={csrf}
              label={`Remove from ${props.nameOf.get(membership.applicationId) ?? membership.applicationId}`}
              danger
            />
          </li>
        ))}
      </ul>
      <ActionForm inline action={`${base}/applications`} csrf={csrf} label="Give this role">
        <label for={`app-${member.id}`}>Application</label>
        <select id={`app-${member.id}`} name="applicationId">
          {props.applications.map((application) => (
            <option value={application.id}>{application.name}</option>
          ))}
        </select>
        <label for={`role-${member.id}`}>Role</label>
        <select id={`role-${member.id}`} name="role">
          {MEMBER_ROLES.map((role) => (
            <option value={role}>{role}</option>
          ))}
        </select>
      </ActionForm>
      <h3>Personal access tokens</h3>
      <ul class="plain">
        {member.tokens.map((token) => (
          <li>
            {token.hint}, created {time(token.createdAt)}
            {token.revokedAt ? (
              `, revoked ${time(token.revokedAt)}`
            ) : (
              <ActionForm
                inline
                action={`${base}/tokens/${token.id}/revoke`}
                csrf={csrf}
                label={`Revoke ${token.hint}`}
                danger
              />
            )}
          </li>
        ))}
      </ul>
      <ActionForm inline action={`${base}/tokens`} csrf={csrf} label={`New token for ${member.email}`} />
    </article>
  );
}
