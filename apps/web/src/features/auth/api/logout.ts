import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { MessageResponse } from '@shop/contracts/common';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '../session-store';

export function logout(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/logout', { method: 'POST', globalErrorHandling: false });
}

/**
 * Forgets the session on this device: the stored token and user, every cached answer, and the
 * page, which becomes sign-in. Also used when the server has already ended the session
 * (the account was deactivated or deleted from the Profile screen).
 */
export function useSignOutLocally(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession();
    queryClient.clear();
    // One render for both changes: otherwise the route guard sees the empty session on the old
    // page first and sends sign-in a 'return to' that page, for whoever signs in next.
    void navigate('/auth/sign-in', { replace: true, flushSync: true });
  }, [navigate, queryClient]);
}

/** Signing out always succeeds locally: a failed server call must not keep anyone signed in. */
export function useLogout() {
  const signOutLocally = useSignOutLocally();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('Logout request failed; signed out locally anyway.', error),
    onSettled: () => {
      signOutLocally();
      toast.success(t('Logged out successfully'));
    },
  });
}
