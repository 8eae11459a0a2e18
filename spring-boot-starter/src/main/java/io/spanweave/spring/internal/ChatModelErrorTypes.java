package io.spanweave.spring.internal;

import java.io.InterruptedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * The span's {@code error.type} for what a Spring AI chat model threw: the HTTP status of an error
 * answer when an exception among the causes carries one ({@code "429"}), {@code "timeout"} when the
 * call ran out of time, else the exception's class name; never its message. The status is read by
 * name, as the starter knows neither the model's HTTP client nor its SDK: OpenAI's Java SDK (under
 * Spring AI 2.0's OpenAI model) has {@code int statusCode()}, Spring's web clients' exceptions
 * {@code getStatusCode().value()}.
 */
final class ChatModelErrorTypes {

  private static final int MAX_CAUSES = 8;

  private ChatModelErrorTypes() {}

  static String of(Throwable error) {
    Throwable cause = error;
    for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
      Integer status = httpStatus(cause);
      if (status != null) {
        return status.toString();
      }
      if (cause instanceof SocketTimeoutException
          || cause instanceof TimeoutException
          || cause instanceof InterruptedIOException && "timeout".equals(cause.getMessage())) {
        return "timeout";
      }
    }
    return error.getClass().getName();
  }

  private static Integer httpStatus(Throwable error) {
    try {
      Method statusCode = publicMethod(error.getClass(), "statusCode");
      if (statusCode != null && statusCode.getReturnType() == int.class) {
        return validStatus((Integer) statusCode.invoke(error));
      }
      Method getStatusCode = publicMethod(error.getClass(), "getStatusCode");
      if (getStatusCode != null) {
        Object code = getStatusCode.invoke(error);
        Method value = code == null ? null : publicMethod(code.getClass(), "value");
        if (value != null && value.getReturnType() == int.class) {
          return validStatus((Integer) value.invoke(code));
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // no status to read: the class name it is
    }
    return null;
  }

  /**
   * A public no-argument method of a public class or interface of {@code type}, callable from here.
   */
  private static Method publicMethod(Class<?> type, String name) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      if (Modifier.isPublic(c.getModifiers())) {
        try {
          return c.getMethod(name);
        } catch (NoSuchMethodException e) {
          return null;
        }
      }
    }
    return null;
  }

  private static Integer validStatus(int status) {
    return status >= 100 && status <= 599 ? status : null;
  }
}
