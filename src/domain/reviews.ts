/** Spec section 3 "Review entry": static sample data for the home page's review carousel. */
export interface ReviewEntry {
  readonly name: string;
  readonly location: string;
  /** Calendar date, YYYY-MM-DD. */
  readonly date: string;
  /** Whole stars, 4 or 5 (spec section 9). */
  readonly rating: number;
  readonly title: string;
  readonly text: string;
  readonly verified: boolean;
}

/** Spec section 9 "Review carousel": autoplay every 5 s. */
export const REVIEW_CAROUSEL_AUTOPLAY_MS = 5000;
export const REVIEW_RATING_MIN = 4;
export const REVIEW_RATING_MAX = 5;

/** Spec section 9: eight sample entries with ratings 4-5. */
export const SAMPLE_REVIEWS: readonly ReviewEntry[] = [
  {
    name: 'Marcus T.',
    location: 'Austin, USA',
    date: '2026-10-14',
    rating: 5,
    title: 'Unlocked before my trip',
    text: 'My iPhone 14 was still tied to AT&T. I ordered on Monday and had the unlock confirmation on Wednesday, in time for my flight to Lisbon. A local SIM worked straight away.',
    verified: true,
  },
  {
    name: 'Priya S.',
    location: 'Leicester, UK',
    date: '2026-09-30',
    rating: 5,
    title: 'Clear steps, no software',
    text: 'I was worried I would have to install something. I only entered the IMEI, waited for the email and restarted the phone. My Galaxy S23 now takes any SIM.',
    verified: true,
  },
  {
    name: 'Daniel R.',
    location: 'Toronto, Canada',
    date: '2026-09-18',
    rating: 4,
    title: 'Took the full three days',
    text: 'Rogers took the whole 72 hours to process it, which the site did warn me about. Support answered my tracking question within minutes at night.',
    verified: true,
  },
  {
    name: 'Sofia M.',
    location: 'Madrid, Spain',
    date: '2026-08-27',
    rating: 5,
    title: 'Worked on an older Pixel',
    text: 'I had given up on unlocking my Pixel 6 from Movistar. The price was shown before I paid and the unlock came through the next day.',
    verified: true,
  },
  {
    name: 'James O.',
    location: 'Sydney, Australia',
    date: '2026-08-09',
    rating: 4,
    title: 'Good service, check your IMEI first',
    text: 'My first phone was blacklisted, so it could not be unlocked and I got my money back. The second one, a clean iPhone 12, was unlocked in a day.',
    verified: true,
  },
  {
    name: 'Aylin K.',
    location: 'Berlin, Germany',
    date: '2026-07-21',
    rating: 5,
    title: 'Resold my phone for more',
    text: 'An unlocked phone sells for noticeably more. The unlock was official, so the warranty was untouched and the buyer could use his own carrier.',
    verified: false,
  },
  {
    name: 'Luis G.',
    location: 'Guadalajara, Mexico',
    date: '2026-07-02',
    rating: 5,
    title: 'Real-time tracking helped',
    text: 'I could see each step of the order: sent to the carrier, approved, unlocked. No guessing and no chasing anyone by email.',
    verified: true,
  },
  {
    name: 'Hannah W.',
    location: 'Dublin, Ireland',
    date: '2026-06-15',
    rating: 4,
    title: 'eSIM works after the unlock',
    text: 'After the unlock I added a travel eSIM for a week in Japan. It took a restart and two minutes of settings, exactly as the instructions said.',
    verified: false,
  },
];
