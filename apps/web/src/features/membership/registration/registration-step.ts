/** The steps of spec 1 §2 "Registration", in order. */
export type RegistrationStep =
  | 'country'
  | 'office'
  | 'direct-office'
  | 'inactive-office'
  | 'agreement'
  | 'form'
  | 'dm-request'
  | 'dm-approval-notify'
  | 'dm-approval-success';
