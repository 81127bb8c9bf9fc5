import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TwoFactorDisableInput,
  TwoFactorEnableInput,
  TwoFactorStatusDto,
} from "../../../../shared/schemas/two-factor.ts";
import { adminApi } from "../../../lib/api.ts";
import { refreshQueries } from "../../../lib/query-client.tsx";

/** The screen's own failure texts (translated under `admin-two-factor:errors`). */
export const TWO_FACTOR_FALLBACKS = {
  LOAD_FAILED: "Failed to load two-factor sign-in",
  SETUP_FAILED: "Failed to start the set-up",
  ENABLE_FAILED: "Failed to turn on two-factor sign-in",
  DISABLE_FAILED: "Failed to turn off two-factor sign-in",
  POLICY_FAILED: "Failed to save the rule",
} as const;

export const twoFactorKeys = { status: ["admin", "two-factor"] as const };

type StatusBody = { data: TwoFactorStatusDto };

/** `GET /api/admin/2fa`: on for you, and required by the shop. */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) =>
      adminApi.get<StatusBody>("/api/admin/2fa", {
        signal,
        fallback: TWO_FACTOR_FALLBACKS.LOAD_FAILED,
      }),
  });

/** `POST /api/admin/2fa/setup`: a new pending key and its otpauth address. */
export const useTwoFactorSetup = () =>
  useMutation({
    mutationFn: () =>
      adminApi.post<{ data: { otpauth_url: string; secret: string } }>(
        "/api/admin/2fa/setup",
        {},
        { fallback: TWO_FACTOR_FALLBACKS.SETUP_FAILED },
      ),
  });

/** `POST /api/admin/2fa/enable`: a code from the app turns it on; ten recovery codes. */
export const useTwoFactorEnable = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorEnableInput) =>
      adminApi.post<{ data: { recovery_codes: string[] } }>("/api/admin/2fa/enable", input, {
        fallback: TWO_FACTOR_FALLBACKS.ENABLE_FAILED,
      }),
    onSuccess: () => refreshQueries(client, twoFactorKeys.status),
  });
};

/** `POST /api/admin/2fa/disable`: the password and a current code. */
export const useTwoFactorDisable = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      adminApi.post<StatusBody>("/api/admin/2fa/disable", input, {
        fallback: TWO_FACTOR_FALLBACKS.DISABLE_FAILED,
      }),
    onSuccess: (body) => client.setQueryData(twoFactorKeys.status, body),
  });
};

/** `PUT /api/admin/2fa/policy`: the owner requires it of every admin, or not. */
export const useTwoFactorPolicy = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      adminApi.put<StatusBody>(
        "/api/admin/2fa/policy",
        { required },
        { fallback: TWO_FACTOR_FALLBACKS.POLICY_FAILED },
      ),
    onSuccess: (body) => client.setQueryData(twoFactorKeys.status, body),
  });
};
