import { useState } from 'react';
import { Button, Dropdown, Flex } from 'antd';
import { IdcardOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';
import { clearSession, getUserInfo, lockSession } from '../../shared/session';

/**
 * Username and type; one's own account (the profile page) and sign-out: the server revokes the token,
 * the browser forgets it either way.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user] = useState(getUserInfo);
  const location = useLocation();
  const lock = () => {
    lockSession(`${location.pathname}${location.search}`);
    void navigate('/session/lock-screen', { replace: true });
  };
  const signOut = async () => {
    try {
      await request(sessionApi.signOut, undefined);
    } catch {
      // Already reported by the client; the local session ends regardless.
    } finally {
      clearSession();
      queryClient.clear();
      void navigate('/session/login', { replace: true });
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <IdcardOutlined />, label: t('page.profile') },
          { key: 'lock', icon: <LockOutlined />, label: t('shell.lockScreen') },
          { key: 'signOut', icon: <LogoutOutlined />, label: t('shell.signOut') },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate('/profile');
          if (key === 'lock') lock();
          if (key === 'signOut') void signOut();
        },
      }}
    >
      <Button type="text" title={t('shell.userMenu')} className="user-menu-button">
        <Flex align="center" gap={8}>
          <UserOutlined />
          <Flex vertical align="flex-start" className="user-menu-text">
            <span className="user-menu-name">{user?.username ?? ''}</span>
            <span className="user-menu-type">{user ? t(`shell.userType.${user.type}`) : ''}</span>
          </Flex>
        </Flex>
      </Button>
    </Dropdown>
  );
}
