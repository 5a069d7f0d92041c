import NIOCore

/// Tells the request guard that bytes arrived, before the decoder, which says nothing until a head is whole: so a head
/// sent a byte at a time, or left half sent, meets the same deadline and silence limit as a body.
package final class HTTP1ByteWatch: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    private let requestGuard: HTTP1RequestGuard

    package init(requestGuard: HTTP1RequestGuard) {
        self.requestGuard = requestGuard
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        requestGuard.noteBytesRead()
        context.fireChannelRead(data)
    }
}
