/**
 * A contact message sent offline waits in the outbox; when it reaches the server (later on the
 * same page, or after a reload), the visitor is told it arrived. Small: the start-up code
 * (mutation defaults) imports it.
 */
export const leaveMessageDeliveredEvent = 'forgeline:leave-message-delivered'

/** Called when a message that was queued offline has been answered by the server. */
export function announceLeaveMessageDelivered() {
  window.dispatchEvent(new Event(leaveMessageDeliveredEvent))
}
