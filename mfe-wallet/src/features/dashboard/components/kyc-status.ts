/** "verified" -> "Verified"; empty or unknown -> "Not Started" (profiles.kyc_status). */
export function kycStatusText(status: string | null | undefined): string {
  if (!status) return 'Not Started';
  return status.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
