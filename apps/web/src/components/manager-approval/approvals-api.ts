import { useMutation, useQuery } from '@tanstack/react-query';
import type { Approval, ApprovalInput, ApprovablePermission, Approver } from '@shop/contracts/approval';
import { apiRequest } from '@/lib/api-client';

export const approversKey = (permission: ApprovablePermission) => ['approvers', permission] as const;

/** Who can approve a permission at the till: those holding it with a till PIN. */
export function useApprovers(permission: ApprovablePermission, enabled: boolean) {
  return useQuery({
    queryKey: approversKey(permission),
    queryFn: ({ signal }) => apiRequest<{ data: Approver[] }>('/approvers', { query: { permission }, signal }).then((answer) => answer.data),
    enabled,
  });
}

/** POST /approvals: the approver's PIN for a short-lived token. A wrong PIN is a 422 the dialog shows itself. */
export function useRequestApproval() {
  return useMutation({
    mutationFn: (input: ApprovalInput) => apiRequest<{ data: Approval; message: string }>('/approvals', { method: 'POST', body: input }).then((answer) => answer.data),
  });
}
