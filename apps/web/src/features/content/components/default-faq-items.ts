import type { FaqItem } from '@club/contract/page';

/** The FAQ shown when the page has no items of its own (spec 1 §2: a default list of 9 questions). */
export const defaultFaqItems: FaqItem[] = [
  {
    number: 1,
    title: 'Who can join the club?',
    text: '<p>Travel agents who book on the reservation system in a participating country can join. You register once with the office ID of your agency.</p>',
  },
  {
    number: 2,
    title: 'How do I register?',
    text: '<p>Choose <a href="/registration">Registration</a>, enter the office ID of your agency, accept the conditions and fill in the form. Depending on your country you may be asked to confirm your email address before your membership becomes active.</p>',
  },
  {
    number: 3,
    title: 'How do I earn points?',
    text: '<p>Every booked segment earns points: 5 points for an air segment and 10 points for a hotel, car or rail segment.</p>',
  },
  {
    number: 4,
    title: 'How do my bookings count for me?',
    text: '<p>Add the remark <strong>RM*AMA</strong> followed by a space and your member number (for example <code>RM*AMA 1234567</code>) to the booking, then send the booking to the queue. Bookings must be made in the office ID of your registration country.</p>',
  },
  {
    number: 5,
    title: 'When do my points appear?',
    text: '<p>A booked segment is shown as pending until it is flown or confirmed; then its points are validated. Cancelled segments are removed automatically.</p>',
  },
  {
    number: 6,
    title: 'Do my points expire?',
    text: '<p>Yes. Credited points expire three years after the date they were credited.</p>',
  },
  {
    number: 7,
    title: 'How do I redeem my points?',
    text: '<p>Log in, open the list of gifts, choose the gifts and quantities you like and place your order. The points are deducted from your available balance.</p>',
  },
  {
    number: 8,
    title: 'What if my agency has not joined the club yet?',
    text: '<p>In some countries the agency management must approve participation first. During registration you can ask for your manager to be notified, or to be emailed once your agency takes part.</p>',
  },
  {
    number: 9,
    title: 'How do I update or delete my account?',
    text: '<p>Log in and open your profile to update your details. From there you can also ask for your account to be deleted; for a limited time afterwards it can still be restored.</p>',
  },
];
