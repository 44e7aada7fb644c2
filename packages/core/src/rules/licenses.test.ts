import { describe, expect, it } from 'vitest';
import { featureGroupOf, hasAnyFeature, isAdmin, isAllowedUploadType, isBrandingKind, isKnownLicense, isValidEmail, isValidFileId, isValidLicenseKey } from './licenses';

describe('settings and administration rules (spec §5, §6)', () => {
  it('given the roles AZURE_ADMIN and ADMIN, isAdmin is true; any other role is not an admin', () => {
    expect(isAdmin('ADMIN')).toBe(true);
    expect(isAdmin('AZURE_ADMIN')).toBe(true);
    expect(isAdmin('USER')).toBe(false);
    expect(isAdmin('admin')).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('given token features, access is granted when any wanted feature is among them', () => {
    expect(hasAnyFeature(['m365', 'billing'], ['azure', 'm365'])).toBe(true);
    expect(hasAnyFeature(['m365'], ['azure'])).toBe(false);
    expect(hasAnyFeature(['m365'], [])).toBe(false);
  });

  it('given the licence definitions, azure.poc and m365.poc belong to their own module only', () => {
    expect(isKnownLicense('azure', 'azure.poc')).toBe(true);
    expect(isKnownLicense('m365', 'essentials.sva')).toBe(true);
    expect(isKnownLicense('m365', 'azure.poc')).toBe(false);
    expect(isKnownLicense('gcp', 'core')).toBe(false);
  });

  it('given licence keys, only dash-separated upper-case groups of at most 64 characters are valid', () => {
    expect(isValidLicenseKey('CONTOSO-AZURE-ESSENTIALS')).toBe(true);
    expect(isValidLicenseKey('contoso-azure')).toBe(false);
    expect(isValidLicenseKey('NODASH')).toBe(false);
    expect(isValidLicenseKey(`A-${'B'.repeat(63)}`)).toBe(false);
    expect(isValidLicenseKey("X-1' OR 1=1")).toBe(false);
  });

  it('given file ids, only lower-case slugs of at most 64 characters are valid', () => {
    expect(isValidFileId('branding-logo')).toBe(true);
    expect(isValidFileId('-x')).toBe(false);
    expect(isValidFileId('../etc')).toBe(false);
    expect(isValidFileId('a'.repeat(65))).toBe(false);
    expect(isBrandingKind('branding-icon')).toBe(true);
    expect(isBrandingKind('report')).toBe(false);
  });

  it('given content types, only the allowed upload types pass, parameters ignored', () => {
    expect(isAllowedUploadType('image/png')).toBe(true);
    expect(isAllowedUploadType('text/plain; charset=utf-8')).toBe(true);
    expect(isAllowedUploadType('text/html')).toBe(false);
  });

  it('given addresses, plain e-mail addresses are valid and display-name forms are not', () => {
    expect(isValidEmail('ada@contoso.example')).toBe(true);
    expect(isValidEmail('Ada <ada@contoso.example>')).toBe(false);
    expect(isValidEmail('ada@localhost')).toBe(false);
  });

  it('given feature names, each belongs to one features call; m365DeIdentifiedReports is a status', () => {
    expect(featureGroupOf('m365DeIdentifiedReports')).toBe('status');
    expect(featureGroupOf('pbiEmbedding')).toBe('pbi');
    expect(featureGroupOf('nope')).toBeUndefined();
  });
});
