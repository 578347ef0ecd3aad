import { z } from '@hono/zod-openapi';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

// What @simplewebauthn/browser sends (WebAuthn Level 3 JSON); the library checks the bytes inside.
const B64Url = z
  .string()
  .max(16_384, 'Too long')
  .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');
const Transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const Attachment = z.enum(['platform', 'cross-platform']).optional();

export const RegistrationResponse = z
  .object({
    id: B64Url,
    rawId: B64Url,
    type: z.literal('public-key'),
    authenticatorAttachment: Attachment,
    clientExtensionResults: z.object({}).loose().optional(),
    response: z.object({
      clientDataJSON: B64Url,
      attestationObject: B64Url,
      transports: z.array(Transport).max(10).optional(),
      authenticatorData: B64Url.optional(),
      publicKey: B64Url.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
  })
  .openapi('PasskeyRegistrationResponse');

export const AuthenticationResponse = z
  .object({
    id: B64Url,
    rawId: B64Url,
    type: z.literal('public-key'),
    authenticatorAttachment: Attachment,
    clientExtensionResults: z.object({}).loose().optional(),
    response: z.object({
      clientDataJSON: B64Url,
      authenticatorData: B64Url,
      signature: B64Url,
      userHandle: B64Url.optional(),
    }),
  })
  .openapi('PasskeyAuthenticationResponse');

export const toRegistrationJSON = (r: z.infer<typeof RegistrationResponse>): RegistrationResponseJSON => ({
  ...r,
  clientExtensionResults: {},
});
export const toAuthenticationJSON = (r: z.infer<typeof AuthenticationResponse>): AuthenticationResponseJSON => ({
  ...r,
  clientExtensionResults: {},
});

/** Options for navigator.credentials (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
export const WebAuthnOptions = z.object({ challenge: z.string() }).loose().openapi('WebAuthnOptions');

export const Ticket = z
  .string()
  .min(1, 'The sign-in ticket is missing.')
  .max(2048)
  .openapi({ description: 'details.second_factor.ticket of the password sign-in answer' });
