export const contactPage = {
  text: "Tell us a little about your business and what's taking up your time. A real person from our team will get back to you within one business day, or you can pick a time for a free 30-minute strategy session right now.",
}
