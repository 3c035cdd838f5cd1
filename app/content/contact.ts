export const contactPage = {
  title: "Let's Talk" as const,
  text: "Tell us a little about your business and what's taking up your time. A real person from our team will get back to you within one business day, or you can pick a time for a free 30-minute strategy session right now.",
  formTitle: 'Send Us a Message',
  strategyCard: {
    title: 'Book a Strategy Session' as const,
    text: "In 30 minutes we'll look at your calls, leads and paperwork, point out where AI can help most, and give you a rough idea of cost. Free, with no obligation.",
    button: 'Open Scheduler' as const,
  },
  emailTitle: 'Prefer Email?',
}
