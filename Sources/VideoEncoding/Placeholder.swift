// VideoEncoding
