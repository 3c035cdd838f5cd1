/** What a first call is, said beside the booking button (the booking band, Contact's booking card). */
export const firstCall = {
  length: '30 minutes',
  note: 'Free, by phone or video',
  with: 'You talk with',
  leaveWithTitle: 'You leave with',
  leaveWith: [
    'The first job worth handing over, named plainly',
    'A rough cost and how long the setup takes',
    'A written summary by e-mail afterwards',
  ],
}
