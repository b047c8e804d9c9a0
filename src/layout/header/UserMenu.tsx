import Dropdown from 'react-bootstrap/Dropdown';
import { PersonCircle } from 'react-bootstrap-icons';
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { appPaths } from '@common/paths';
import { getAuthClient } from '../../api/authClient';
import { displayName, organisationOf, selectRealmRoles, selectSession } from '../../auth/authSlice';
import { useAppSelector } from '../../state/hooks';

export function UserMenu() {
  const session = useAppSelector(selectSession);
  const name = displayName(session);
  const organisation = organisationOf(session?.tokenParsed);
  // Security (members, invitations, sign-in policy) is in the side menu for product roles only;
  // the organisation's administrators reach it from here.
  const mayManage = canOpen(useAppSelector(selectRealmRoles), 'securityIdentity');
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="dw-header-button dw-user-toggle" id="dw-user-menu">
        <PersonCircle size={20} aria-hidden />
        <span className="dw-user-name">{name}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>
          <span className="d-block fw-semibold text-body">{name}</span>
          {session?.tokenParsed.email ? <span className="d-block">{session.tokenParsed.email}</span> : null}
          {organisation ? <span className="d-block">Organisation: {organisation}</span> : null}
        </Dropdown.Header>
        <Dropdown.Divider />
        {mayManage ? (
          <Dropdown.Item as={Link} to={appPaths.securityIdentity}>
            Organisation settings
          </Dropdown.Item>
        ) : null}
        <Dropdown.Item as="button" onClick={() => void getAuthClient().logout()}>
          Sign out
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
