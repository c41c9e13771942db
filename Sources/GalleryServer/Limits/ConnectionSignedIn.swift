/// Told to a connection's ``ConnectionGuardHandler`` (an outbound user event, sent from wherever a request of the
/// connection was signed in: ``SignInMiddleware``, ``MediaChannelHandler``) when the request proved who it is: the
/// connection is no stranger's from then on (``ConnectionTable``).
struct ConnectionSignedIn: Sendable {}
